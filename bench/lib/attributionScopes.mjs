// The whole site's attribution rows (summed at ingest) against every page's: before the
// attribution reads are timed, the site-wide answer must name the same offenders with the same
// counts, and the same report count, as the seed's pages' answers added up.
import { PAGES } from '../../packages/server/dist/seed/syntheticTraffic.js';
import { getJson } from './consoleReads.mjs';

const DAY_MS = 86_400_000;

/** Throws on the first difference; returns what was compared, per metric. */
export async function checkAttributionScopes(url, token, now = Date.now()) {
  const to = Math.ceil(now / 3_600_000) * 3_600_000;
  const window = `from=${to - 30 * DAY_MS}&to=${to}`;
  const checked = [];
  for (const metric of ['LCP', 'INP', 'CLS']) {
    const site = await getJson(url, `/vitals/attribution?${window}&metric=${metric}`, token);
    let reports = 0;
    const counts = new Map();
    for (const page of PAGES) {
      const answer = await getJson(url, `/vitals/attribution?${window}&metric=${metric}&vertical=${page.vertical}&pageId=${page.pageId}&subPageId=${page.subPageId}`, token);
      reports += answer.reports;
      for (const o of answer.offenders) counts.set(`${o.kind} ${o.target}`, (counts.get(`${o.kind} ${o.target}`) ?? 0) + o.count);
    }
    const own = new Map(site.offenders.map((o) => [`${o.kind} ${o.target}`, o.count]));
    const same = own.size === counts.size && [...counts].every(([key, count]) => own.get(key) === count);
    if (site.reports !== reports || !same) {
      throw new Error(`30 d ${metric}: the site's attribution (${site.reports} reports, ${JSON.stringify([...own])}) is not its pages' sum (${reports}, ${JSON.stringify([...counts])})`);
    }
    checked.push({ metric, reports, offenders: own.size });
  }
  return checked;
}
