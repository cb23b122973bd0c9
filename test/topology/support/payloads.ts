// The ingest requests the load generator sends, each item with a unique client id, as the
// platform modules would send them (logger batches, perf beacons, analytics batches).

export type ItemKind = 'log' | 'perf' | 'hit';

/** One ingest request: where it goes, its body, and the ids of the items it carries. */
export interface IngestRequest {
  kind: ItemKind;
  path: string;
  contentType: string;
  body: string;
  ids: string[];
  /** For log messages: the stored group id of each item (`product:groupId`), by item id. */
  groups?: Map<string, string>;
}

// A log group keeps only its newest 200 occurrences in the ring; groups here stay well below that,
// so every stored occurrence can still be counted by id. A loop's sequence counts requests of
// every kind, a third of them log batches: about 10 batches, 30 messages, per group.
const BATCHES_PER_GROUP = 30;
export const MESSAGES_PER_BATCH = 3;
export const HITS_PER_BATCH = 4;

/** Requests for one load loop: `next(kind)` makes the loop's next request of that kind. */
export function payloadsFor(runTag: string, loop: number) {
  let seq = 0;
  const id = (kind: string, extra = '') => `${runTag}-${kind}${loop}-${seq}${extra}`;

  const logBatch = (): IngestRequest => {
    const groupId = `g${loop}-${Math.floor(seq / BATCHES_PER_GROUP)}`;
    const messages = Array.from({ length: MESSAGES_PER_BATCH }, (_, i) => {
      const message = `topology load message of ${groupId}`;
      return {
        id: id('L', `-${i}`),
        groupId,
        message,
        contentId: message.length,
        extraArgs: [],
        level: 3,
        type: 'console',
        context: { loop },
        occurrences: 1,
        timestamp: Date.now(),
        stackTrace: [],
        parsedStackTrace: [],
      };
    });
    const groups = new Map(messages.map((m) => [m.id, `${runTag}:${groupId}`]));
    return {
      kind: 'log',
      path: '/log/client/messages',
      contentType: 'application/json',
      body: JSON.stringify({ product: runTag, reqNo: seq + 1, messages }),
      ids: messages.map((m) => m.id),
      groups,
    };
  };

  const perfReport = (): IngestRequest => {
    const reportId = id('P');
    const fields = { id: reportId, vertical: runTag, pageId: 'load', subPageId: `loop${loop}`, pageTag: runTag, wv_lcp: String(500 + ((seq * 37) % 3000)), wv_cls: '0.01' };
    return {
      kind: 'perf',
      path: '/s/run/perf',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: new URLSearchParams(fields).toString(),
      ids: [reportId],
    };
  };

  const analyticsBatch = (): IngestRequest => {
    const events = Array.from({ length: HITS_PER_BATCH }, (_, i) =>
      i % 2 === 0
        ? { id: id('H', `-${i}`), type: 'pageview', path: `/vs/page/${runTag}/load/loop${loop}`, timestamp: Date.now(), vertical: runTag, locale: 'en' }
        : { id: id('H', `-${i}`), type: 'event', path: `/vs/${runTag}/load/loop${loop}/load/tick/-/${i}`, timestamp: Date.now(), vertical: runTag, locale: 'en', category: 'load', action: 'tick', value: i },
    );
    return {
      kind: 'hit',
      path: '/a/api/analytics/events',
      contentType: 'application/json',
      body: JSON.stringify({ events }),
      ids: events.map((e) => e.id),
    };
  };

  const makers: Record<ItemKind, () => IngestRequest> = { log: logBatch, perf: perfReport, hit: analyticsBatch };
  return {
    next(kind: ItemKind): IngestRequest {
      const request = makers[kind]();
      seq += 1;
      return request;
    },
  };
}
