// Request bodies as pages send them, drawn from the seed's generator (per-page log-normal
// timings, locales, affiliates, events), so the ingest benchmark loads the server with the same
// kind of traffic the seeded stores hold.
import { seededRandom, syntheticHit, syntheticReport } from '../../packages/server/dist/seed/syntheticTraffic.js';

const HITS_PER_BODY = 10;

/** A generator of bodies; the same `seed` gives the same sequence (both sides of a round get it). */
export function trafficBodies(seed, idPrefix) {
  const random = seededRandom(seed);
  let n = 0;
  return {
    /** A form-encoded `POST /s/run/perf` body, as the page's beacon sends it. */
    perf() {
      const r = syntheticReport(random, Date.now(), `${idPrefix}-p${n++}`);
      const fields = { id: r.id, nt_nav_st: r.navStart, nt_protocol: r.protocol, ...r.timing, url: r.url, vertical: r.vertical, pageId: r.pageId, subPageId: r.subPageId };
      for (const [name, value] of Object.entries(r.vitals)) fields[name] = name === 'wv_cls' ? value.toFixed(4) : value.toFixed(1);
      return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    },
    /** A JSON `POST /a/api/analytics/events` body of page views and events; `hits` is its count. */
    analytics() {
      const events = Array.from({ length: HITS_PER_BODY }, () => {
        const { receivedAt, path: _pagePath, ...hit } = syntheticHit(random, Date.now(), `${idPrefix}-h${n++}`);
        // Virtual paths are /vs/… on the wire (PATH_PATTERN); the generator writes page paths.
        const virtual = hit.type === 'event' ? `/vs/event/${hit.category}/${hit.action}` : `/vs/page/${hit.vertical}/${hit.pageId}/${hit.subPageId}`;
        return { ...hit, path: virtual, timestamp: receivedAt };
      });
      return { body: JSON.stringify({ events }), hits: HITS_PER_BODY };
    },
  };
}
