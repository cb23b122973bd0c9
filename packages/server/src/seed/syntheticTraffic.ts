import type { StoredAnalyticsHit } from '../analytics/contract.js';
import type { PerfReport } from '../perf/contract.js';
import { seedUserAgent } from './seedUserAgents.js';

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same seed gives the same data set. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A log-normal draw with this median and spread (σ of the log): how page timings are shaped. */
export function logNormal(random: () => number, median: number, sigma: number): number {
  // Box–Muller; 1 - random() keeps the logarithm away from 0.
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return median * Math.exp(sigma * normal);
}

/** One page of the product with how heavy it is and how often it is seen. */
export interface PageProfile {
  vertical: string;
  pageId: string;
  subPageId: string;
  /** Relative share of traffic. */
  weight: number;
  /** Median LCP in ms; the other timings scale from it. */
  lcpMedian: number;
  /** Share of page views with a layout shift at all. */
  shiftShare: number;
}

/**
 * The pages of a travel-search site: result pages are heavy (LCP medians 2.4–3.4 s), the home
 * and landing pages light; hotels results shift the most (images without sizes).
 */
export const PAGES: readonly PageProfile[] = [
  { vertical: 'flights', pageId: 'home', subPageId: 'default', weight: 14, lcpMedian: 1700, shiftShare: 0.2 },
  { vertical: 'flights', pageId: 'results', subPageId: 'list', weight: 22, lcpMedian: 2900, shiftShare: 0.45 },
  { vertical: 'flights', pageId: 'results', subPageId: 'calendar', weight: 5, lcpMedian: 3400, shiftShare: 0.5 },
  { vertical: 'flights', pageId: 'details', subPageId: 'default', weight: 6, lcpMedian: 2200, shiftShare: 0.3 },
  { vertical: 'hotels', pageId: 'home', subPageId: 'default', weight: 9, lcpMedian: 1900, shiftShare: 0.25 },
  { vertical: 'hotels', pageId: 'results', subPageId: 'list', weight: 16, lcpMedian: 3100, shiftShare: 0.6 },
  { vertical: 'hotels', pageId: 'results', subPageId: 'map', weight: 6, lcpMedian: 3300, shiftShare: 0.55 },
  { vertical: 'hotels', pageId: 'details', subPageId: 'default', weight: 7, lcpMedian: 2600, shiftShare: 0.4 },
  { vertical: 'cars', pageId: 'home', subPageId: 'default', weight: 5, lcpMedian: 1600, shiftShare: 0.15 },
  { vertical: 'cars', pageId: 'results', subPageId: 'list', weight: 7, lcpMedian: 2400, shiftShare: 0.35 },
  { vertical: 'cars', pageId: 'landing', subPageId: 'city', weight: 3, lcpMedian: 1500, shiftShare: 0.1 },
];

const LOCALES = ['en', 'es', 'en-GB', 'de', 'fr'] as const;
const LOCALE_WEIGHTS = [40, 30, 12, 10, 8];
const AFFILIATES = [undefined, 'kayak-partner', 'metasearch-a', 'cashback-b'] as const;
const AFFILIATE_WEIGHTS = [70, 15, 10, 5];
const EVENTS = [
  { category: 'search', action: 'submit' },
  { category: 'results', action: 'sort' },
  { category: 'results', action: 'filter' },
  { category: 'details', action: 'book-click' },
] as const;

const cumulative = (weights: readonly number[]) => {
  const total = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  return weights.map((w) => (running += w / total));
};
const PAGE_CUMULATIVE = cumulative(PAGES.map((p) => p.weight));
const LOCALE_CUMULATIVE = cumulative(LOCALE_WEIGHTS);
const AFFILIATE_CUMULATIVE = cumulative(AFFILIATE_WEIGHTS);

function pick<T>(random: () => number, items: readonly T[], cumulativeWeights: number[]): T {
  const r = random();
  const index = cumulativeWeights.findIndex((c) => r < c);
  return items[index === -1 ? items.length - 1 : index]!;
}

const ms = (n: number) => Math.max(1, Math.round(n));

/**
 * A page view's report as a browser would send it, for a page picked by traffic share: LCP
 * log-normal around the page's median, FCP and TTFB fractions of it, INP and FID log-normal,
 * CLS zero for most views and log-normal otherwise; navigation timing consistent with those.
 */
export function syntheticReport(random: () => number, receivedAt: number, id: string): PerfReport {
  const page = pick(random, PAGES, PAGE_CUMULATIVE);
  const lcp = logNormal(random, page.lcpMedian, 0.45);
  const ttfb = Math.min(lcp * 0.9, logNormal(random, page.lcpMedian * 0.22, 0.5));
  const fcp = Math.min(lcp, ttfb + logNormal(random, page.lcpMedian * 0.35, 0.4));
  const navStart = receivedAt - ms(lcp) - ms(logNormal(random, 8000, 0.8));
  const dns = ms(logNormal(random, 12, 1.1));
  const connect = ms(logNormal(random, 40, 0.8));
  const request = ms(ttfb - dns - connect > 1 ? ttfb - dns - connect : 1);
  const response = ms(logNormal(random, 60, 0.7));
  const dom = ms(logNormal(random, page.lcpMedian * 0.5, 0.4));
  const t = (offset: number) => navStart + offset;
  const conEnd = dns + connect;
  const resStart = conEnd + request;
  const resEnd = resStart + response;
  const loadStart = resEnd + dom;
  return {
    id,
    receivedAt,
    url: `https://www.example.travel/${page.vertical}/${page.pageId}`,
    vertical: page.vertical,
    pageId: page.pageId,
    subPageId: page.subPageId,
    pageTag: null,
    userAgent: seedUserAgent(id),
    navStart,
    protocol: 'h2',
    timing: {
      nt_red_st: 0, nt_red_end: 0, nt_fet_st: t(0), nt_dns_st: t(0), nt_dns_end: t(dns), nt_con_st: t(dns),
      nt_con_end: t(conEnd), nt_ssl_st: t(dns + Math.round(connect / 2)), nt_req_st: t(conEnd), nt_res_st: t(resStart),
      nt_res_end: t(resEnd), nt_domint: t(resEnd + Math.round(dom / 2)), nt_domcontloaded_st: t(resEnd + Math.round(dom * 0.6)),
      nt_domcontloaded_end: t(resEnd + Math.round(dom * 0.62)), nt_domcomp: t(loadStart), nt_load_st: t(loadStart),
      nt_load_end: t(loadStart + ms(logNormal(random, 5, 0.8))), nt_unload_st: 0, nt_unload_end: 0,
      nt_red_cnt: 0, nt_nav_type: 0, nt_trn_size: 48_000, nt_enc_size: 46_000, nt_dec_size: 180_000,
    },
    vitals: {
      wv_lcp: lcp,
      wv_cls: random() < page.shiftShare ? Math.min(5, logNormal(random, 0.06, 1)) : 0,
      wv_inp: logNormal(random, 140, 0.6),
      wv_fid: logNormal(random, 18, 0.9),
      wv_fcp: fcp,
      wv_ttfb: ttfb,
    },
    nav: 'hard',
    attribution: null,
  };
}

// A few LCP elements, interaction targets and scripts per page, some far more common than others.
const LCP_ELEMENTS = ['img.hero', 'h1.title', 'div.card>img', 'section#offers>img', 'p.intro'];
const INP_TARGETS = ['button.search', 'a.result', 'input#from', 'button.sort', 'li.filter'];
const SCRIPTS = ['/assets/app.js', '/assets/vendor.js', 'https://tags.example/t.js'];

/**
 * The report with attribution derived from its own values (no further random draws, so seeded
 * data stays what it was): an LCP element and URL, subparts that add up to its LCP, an INP
 * target and script, phases that add up to its INP, and a shift's source when it shifted.
 */
export function withAttribution(report: PerfReport, seed: number): PerfReport {
  const { wv_lcp: lcp, wv_ttfb: ttfb, wv_inp: inp, wv_cls: cls } = report.vitals;
  const skew = (n: number) => Math.min(n - 1, Math.floor(((seed % 997) / 997) ** 2 * n));
  const attribution: NonNullable<PerfReport['attribution']> = {};
  if (lcp !== null && ttfb !== null) {
    const rest = lcp - ttfb;
    Object.assign(attribution, {
      wa_lcp_target: LCP_ELEMENTS[skew(LCP_ELEMENTS.length)],
      wa_lcp_url: `https://www.example.travel/img/${skew(4)}.webp`,
      wa_lcp_timeToFirstByte: ttfb,
      wa_lcp_resourceLoadDelay: rest * 0.3,
      wa_lcp_resourceLoadDuration: rest * 0.5,
      wa_lcp_elementRenderDelay: rest * 0.2,
    });
  }
  if (inp !== null) {
    Object.assign(attribution, {
      wa_inp_target: INP_TARGETS[skew(INP_TARGETS.length)],
      wa_inp_type: 'pointer',
      wa_inp_inputDelay: inp * 0.15,
      wa_inp_processingDuration: inp * 0.6,
      wa_inp_presentationDelay: inp * 0.25,
      wa_inp_scriptUrl: SCRIPTS[skew(SCRIPTS.length)],
    });
  }
  if (cls) Object.assign(attribution, { wa_cls_target: `div.banner-${skew(3)}`, wa_cls_value: cls });
  return { ...report, attribution };
}

/** An analytics hit of a visitor on a page: mostly page views, a quarter events. */
export function syntheticHit(random: () => number, receivedAt: number, id: string): StoredAnalyticsHit {
  const page = pick(random, PAGES, PAGE_CUMULATIVE);
  const locale = pick(random, LOCALES, LOCALE_CUMULATIVE);
  const affiliate = pick(random, AFFILIATES, AFFILIATE_CUMULATIVE);
  const context = { vertical: page.vertical, pageId: page.pageId, subPageId: page.subPageId, locale, ...(affiliate ? { affiliate } : {}) };
  const path = `/${locale}/${page.vertical}/${page.pageId}/${page.subPageId}`;
  if (random() < 0.75) return { id, type: 'pageview', path, timestamp: receivedAt - 150, receivedAt, ...context };
  const event = EVENTS[Math.floor(random() * EVENTS.length)]!;
  return { id, type: 'event', path: `${path}/${event.category}/${event.action}`, timestamp: receivedAt - 150, receivedAt, ...context, ...event };
}
