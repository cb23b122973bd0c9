import { describe, expect, it } from 'vitest';
import type { LogGroupFilter, NewClientLog } from '../../logs/ports.js';
import { logBatch, logRecord, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** The client-log ports: grouping, counting once per message id, the occurrence ring, filters. */
export function describeLogPorts(open: OpenStore): void {
  describe('logs ports', () => {
    const store = storePerTest(open);
    const insert = (records: NewClientLog[], ignored = 0) => store().ingest.logs.insertClientLogs(logBatch(records, { ignored }));
    const group = (groupId = 'g-1') => store().query.logs.getLogGroup(groupId);

    it('groups messages, sums their occurrences across batches and keeps first and last seen', async () => {
      await insert([logRecord({ messageId: 'a', occurrences: 3 }), logRecord({ messageId: 'b', receivedAt: T0 + 2_000 })]);
      await insert([logRecord({ messageId: 'c', receivedAt: T0 + 3_000 })]);
      const { groups } = await store().query.logs.listLogGroups({ limit: 100 });
      expect(groups).toEqual([{
        groupId: 'g-1', product: 'flights', level: 4, type: 'uncaught', message: 'TypeError: x is undefined',
        fileName: 'https://example.test/assets/app.js', lineNo: 10, colNo: 5, count: 5, firstSeen: T0 + 1_000, lastSeen: T0 + 3_000,
      }]);
      const detail = await group();
      expect(detail?.group).toEqual(groups[0]);
      expect(detail?.occurrences.map((o) => [o.id, o.occurrences, o.receivedAt])).toEqual([['c', 1, T0 + 3_000], ['b', 1, T0 + 2_000], ['a', 3, T0 + 1_000]]);
      expect(detail?.stackTrace).toEqual(['at run (app.js:10:5)']);
      expect(detail?.parsedStackTrace).toEqual([{ functionName: 'run', fileName: 'app.js', lineNo: 10, colNo: 5 }]);
    });

    it('reads an occurrence back as stored, nulls and context types included', async () => {
      const context = { r9Version: '2026.1.0', attempt: 2, retried: true, note: 'ünïcode ✓' };
      await insert([
        logRecord({ messageId: 'full', url: 'https://example.test/x?q=1', userAgent: 'UA/2', extraArgs: ['one', 'two'], context }),
        logRecord({ messageId: 'bare', groupId: 'g-2', fileName: null, lineNo: null, colNo: null, url: null, userAgent: null, stackTrace: [], parsedStackTrace: [] }),
      ]);
      expect((await group())?.occurrences).toEqual([
        { id: 'full', receivedAt: T0 + 1_000, occurrences: 1, url: 'https://example.test/x?q=1', userAgent: 'UA/2', extraArgs: ['one', 'two'], context },
      ]);
      const bare = await group('g-2');
      expect(bare?.group).toMatchObject({ fileName: null, lineNo: null, colNo: null });
      expect(bare?.occurrences[0]).toMatchObject({ url: null, userAgent: null, extraArgs: [], context: {} });
      expect([bare?.stackTrace, bare?.parsedStackTrace]).toEqual([[], []]);
      expect(await group('nope')).toBeNull();
    });

    it('keeps free text exactly as sent: control characters, astral and replacement characters', async () => {
      // The schema lets any character through in free text.
      const odd = 'bell\u0007 esc\u001b tab\t del\u007f 😀 \ufffd end';
      const record = logRecord({
        message: odd, fileName: `app${odd}.js`, stackTrace: [odd], extraArgs: [odd], context: { note: odd, n: 1 },
        parsedStackTrace: [{ functionName: odd, fileName: odd, lineNo: 1, colNo: 2 }],
      });
      await insert([record]);
      const detail = await group();
      expect(detail?.group).toMatchObject({ message: odd, fileName: `app${odd}.js` });
      expect([detail?.stackTrace, detail?.parsedStackTrace]).toEqual([[odd], record.parsedStackTrace]);
      expect(detail?.occurrences[0]).toMatchObject({ extraArgs: [odd], context: { note: odd, n: 1 } });
    });

    it('stores text holding NUL or an unpaired surrogate rather than failing the batch', async () => {
      // PostgreSQL text cannot hold either; a page can still send them (the logger's cut can split a pair).
      await insert([logRecord({ message: 'a\u0000b\ud800c', extraArgs: ['x\u0000y'], context: { note: 'p\udc00q' } }), logRecord({ messageId: 'm-2' })]);
      const detail = await group();
      expect(detail?.group.count).toBe(2);
      expect(detail?.group.message).toMatch(/^a.+b.+c$/su);
      expect(detail?.occurrences[1]?.extraArgs[0]).toMatch(/^x.+y$/su);
      expect(detail?.occurrences[1]?.context.note).toMatch(/^p.+q$/su);
    });

    it('searches message and file name for the text itself: % and _ are no wildcards', async () => {
      await insert([
        logRecord({ messageId: '1', groupId: 'pct', message: 'Progress 100% done', fileName: null }),
        logRecord({ messageId: '2', groupId: 'snake', message: 'snake_case failed', fileName: null }),
        logRecord({ messageId: '3', groupId: 'plain', message: 'plain words here', fileName: null }),
      ]);
      const ids = async (q: string) => (await store().query.logs.listLogGroups({ limit: 10, q })).groups.map((g) => g.groupId).sort();
      expect(await ids('%')).toEqual(['pct']);
      expect(await ids('0% d')).toEqual(['pct']);
      expect(await ids('_')).toEqual(['snake']);
      expect(await ids('e_c')).toEqual(['snake']);
      expect(await ids('[a-z]')).toEqual([]);
    });

    it('counts a re-sent message id once, whether in a later batch or the same one, per group', async () => {
      const batch = [logRecord({ messageId: 'same', occurrences: 2 })];
      await insert(batch);
      await insert(batch);
      await insert([logRecord({ messageId: 'x' }), logRecord({ messageId: 'x' }), logRecord({ messageId: 'same', groupId: 'g-2' })]);
      expect((await group())?.group.count).toBe(3);
      expect((await group())?.occurrences.map((o) => o.id)).toEqual(['x', 'same']);
      expect((await group('g-2'))?.group.count).toBe(1);
    });

    it('counts a re-sent message once even after newer occurrences pushed it out of view', async () => {
      const first = [logRecord({ messageId: 'first' })];
      await insert(first);
      await insert(Array.from({ length: 250 }, (_, i) => logRecord({ messageId: `n${i}`, receivedAt: T0 + 2_000 + i })));
      await insert(first);
      await store().ingest.writeBatch([{ kind: 'logs', batch: logBatch(first) }]);
      expect((await group())?.group.count).toBe(251);
    });

    it('counts a message once when two deliveries of it are written at the same time', async () => {
      const batch = logBatch([logRecord({ messageId: 'm1', occurrences: 4 }), logRecord({ messageId: 'm2', groupId: 'g-2' })]);
      await Promise.all([store().ingest.logs.insertClientLogs(batch), store().ingest.logs.insertClientLogs(batch)]);
      expect((await group())?.group.count).toBe(4);
      expect((await group())?.occurrences.map((o) => o.id)).toEqual(['m1']);
      expect((await group('g-2'))?.group.count).toBe(1);
    });

    it('keeps the newest non-empty stack of the group', async () => {
      const noStack = { stackTrace: [], parsedStackTrace: [] };
      await insert([
        logRecord({ messageId: 'a', stackTrace: ['first'] }),
        logRecord({ messageId: 'b', stackTrace: ['second'], occurrences: 2 }),
        logRecord({ messageId: 'a', stackTrace: ['repeat of a'] }),
        logRecord({ messageId: 'c', ...noStack }),
      ]);
      expect(await group()).toMatchObject({ stackTrace: ['second'], group: { count: 4 } });
      await insert([logRecord({ messageId: 'd', ...noStack })]);
      expect(await group()).toMatchObject({ stackTrace: ['second'], group: { count: 5 } });
      await insert([logRecord({ messageId: 'e', stackTrace: ['third'] })]);
      expect((await group())?.stackTrace).toEqual(['third']);
    });

    it('stores all of a batch or nothing when one record cannot be written', async () => {
      // JSON cannot hold a BigInt: the second record fails after the first could have been written.
      const poisoned = { ...logRecord({ messageId: 'b', groupId: 'g-2' }), extraArgs: [10n] } as unknown as NewClientLog;
      await expect(insert([logRecord({ messageId: 'a' }), poisoned], 4)).rejects.toThrow();
      expect(await store().query.logs.listLogGroups({ limit: 10 })).toEqual({ groups: [], products: [], ignored: 0 });
      expect(await group()).toBeNull();
    });

    it('searches case-insensitively in every script, the issue list too', async () => {
      await insert([logRecord({ message: 'Échec du paiement', fileName: 'Überweisung.js' })]);
      const found = async (q: string) => (await store().query.logs.listLogGroups({ limit: 10, q })).groups.length;
      expect([await found('échec'), await found('ÉCHEC'), await found('Échec'), await found('überweisung'), await found('paiements')]).toEqual([1, 1, 1, 1, 0]);
      expect((await store().query.issues.listIssueGroups({ limit: 10, q: 'ÉCHEC' }, T0)).groups.map((g) => g.groupId)).toEqual(['g-1']);
    });

    it('keeps counting a noisy group but shows only its newest 50 occurrences', async () => {
      for (let i = 0; i < 5; i++) {
        await insert(Array.from({ length: 60 }, (_, j) => logRecord({ messageId: `m${i * 60 + j}`, receivedAt: T0 + i * 60 + j })));
      }
      await insert([logRecord({ messageId: 'other', groupId: 'g-2' })]);
      const detail = await group();
      expect(detail?.group).toMatchObject({ count: 300, firstSeen: T0, lastSeen: T0 + 299 });
      expect(detail?.occurrences.map((o) => o.id)).toEqual(Array.from({ length: 50 }, (_, i) => `m${299 - i}`));
      expect((await group('g-2'))?.occurrences.map((o) => o.id)).toEqual(['other']);
    });

    it('never moves last seen back when an older message arrives late', async () => {
      await insert([logRecord({ messageId: 'new', receivedAt: T0 + 5_000 })]);
      await insert([logRecord({ messageId: 'old', receivedAt: T0 + 2_000 })]);
      expect((await group())?.group).toMatchObject({ count: 2, firstSeen: T0 + 5_000, lastSeen: T0 + 5_000 });
    });

    it('filters groups by minimum level, product and text, newest first, and sums what rules ignored', async () => {
      await insert([
        logRecord({ messageId: '1', groupId: 'warn', level: 3, message: 'Slow Image', receivedAt: T0 + 1 }),
        logRecord({ messageId: '2', groupId: 'err', level: 4, product: 'hotels', receivedAt: T0 + 2 }),
        logRecord({ messageId: '3', groupId: 'file', level: 2, message: 'x', fileName: 'Checkout.js', receivedAt: T0 + 3 }),
        logRecord({ messageId: '4', groupId: 'tie', level: 2, message: 'y', fileName: null, receivedAt: T0 + 3 }),
      ], 2);
      await insert([], 3);
      const ids = async (filter: Partial<LogGroupFilter>) =>
        (await store().query.logs.listLogGroups({ limit: 100, ...filter })).groups.map((g) => g.groupId);
      expect(await ids({})).toEqual(['file', 'tie', 'err', 'warn']);
      expect(await ids({ level: 3 })).toEqual(['err', 'warn']);
      expect(await ids({ product: 'hotels' })).toEqual(['err']);
      expect(await ids({ q: 'slow image' })).toEqual(['warn']);
      expect(await ids({ q: 'CHECKOUT' })).toEqual(['file']);
      expect(await ids({ q: 'no such text' })).toEqual([]);
      expect(await ids({ level: 2, product: 'flights', q: 'x' })).toEqual(['file', 'warn']); // warn by its file name
      expect(await ids({ limit: 2 })).toEqual(['file', 'tie']);
      const list = await store().query.logs.listLogGroups({ limit: 1, product: 'hotels' });
      expect(list.products).toEqual(['flights', 'hotels']);
      expect(list.ignored).toBe(5);
    });
  });
}
