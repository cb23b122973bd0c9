import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { Metric, ReportOpts } from 'web-vitals';
import { navigationTimingFields, ttfbBeforeTimeOrigin } from '../navigationTimingFields.js';
import { firstInputDelay } from '../lib/firstInputDelay.js';
import { sendForm } from '../lib/sendForm.js';
import { newId } from '../../transport/newId.js';
import type { PerfReporting, PerfReportingOptions } from '../startPerformanceReporting.js';
import type { MetricName } from '../lib/types.js';
import { clsAttribution } from './clsAttribution.js';
import { startInpAttribution } from './inpAttribution.js';
import { fcpAttribution, lcpAttribution, ttfbAttribution } from './loadAttribution.js';
import type { AttributionFields } from './attributionForm.js';

/** What names a view: the ids a route change may replace. */
export type PerfPage = Pick<PerfReportingOptions, 'vertical' | 'pageId' | 'subPageId' | 'pageTag'>;

/** A running reporter of `perf/attribution`: `startPerformanceReporting`'s, plus route changes. */
export interface AttributedPerfReporting extends PerfReporting {
  /**
   * A route change in a single-page app: sends the current view's report and starts a new view
   * (`nav=soft`, the current `location.href`, `page` over the start options' ids) whose report
   * carries only the route's own metrics, never the first load's navigation timing or vitals.
   * Call it once the route's URL is in the address bar (docs/perf.md: soft navigations).
   */
  softNavigation(page?: PerfPage): void;
}

/**
 * What was measured for one navigation (the page load, or one route): each metric's value under
 * its form name (`wv_lcp`), and its attribution fields under the metric's name (`LCP`).
 */
type Measures = Record<string, number | AttributionFields>;
interface View {
  nav: 'hard' | 'soft';
  page: PerfPage;
  url: string;
  sent: boolean;
  /** Epoch ms of a back/forward-cache restore; 0 otherwise. */
  restoredAt: number;
  /** The browser's soft navigation this route's metrics come from, once known. */
  navigationId?: number;
}

/**
 * `startPerformanceReporting` of `@tarmac/platform/perf` with attribution (docs/perf.md): each
 * report also says which element was the LCP and how its time splits, which interaction was the
 * INP with its phases and longest script, which element shifted most, and the FCP and TTFB
 * subparts. A route change announced with `softNavigation()` is a view of its own: where the
 * browser detects soft navigations (Chromium), web-vitals measures the route's LCP, FCP, CLS and
 * INP; elsewhere a route's report carries no values (the view itself: its ids and URL), never
 * the first load's.
 */
export function startPerformanceReporting(options: PerfReportingOptions): AttributedPerfReporting {
  const { apiPrefix = '', manual, logger, ...page } = options;
  let view: View = { nav: 'hard', page, url: '', sent: false, restoredAt: 0 };
  let hard: Measures = {};
  // The browser's soft navigations by id, each with the URL it went to; the newest few only.
  const soft = new Map<number, [url: string | undefined, measures: Measures]>();
  const bound = new Set<number>();
  let stopped = false;
  let inp: ReturnType<typeof startInpAttribution> | undefined;

  const measuresOf = (current: View): Measures | undefined => {
    if (current.nav === 'hard') return hard;
    if (current.navigationId === undefined)
      for (const [id, [url]] of soft) if (url === current.url && !bound.has(id)) current.navigationId = id;
    if (current.navigationId !== undefined) bound.add(current.navigationId);
    return soft.get(current.navigationId!)?.[1];
  };

  const send = (): void => {
    if (view.sent || stopped) return;
    view.sent = true;
    try {
      // A route is a view of its own in every browser: where the browser measures nothing of the
      // route (no soft-navigation entries: Firefox, Safari) its report names the view and carries
      // no values, rather than none at all or the first load's again.
      const form: Record<string, string | number | undefined> = view.nav === 'soft' ? {} : view.restoredAt ? { nt_nav_st: view.restoredAt, nt_nav_type: 2 } : navigationTimingFields();
      for (const [name, measured] of Object.entries(measuresOf(view) ?? {}))
        if (typeof measured === 'number') form[name] = measured;
        // The server refuses a whole report for one number outside 0..600000 (a `*_time` after
        // ten minutes on the page, a clock quirk): such a field is left out instead.
        else for (const [field, value] of Object.entries(measured)) if (typeof value !== 'number' || (value >= 0 && value <= 600_000)) form[field] = value;
      // A new id per report: the server stores a report once, whatever a retry sends again.
      sendForm(`${apiPrefix}/s/run/perf`, { ...form, nav: view.nav, url: view.url, ...view.page, id: newId() });
    } catch (error) {
      logger?.error('Performance report failed', error);
    }
  };

  const record =
    (attribute: (metric: never) => AttributionFields) =>
    (metric: Partial<Pick<Metric, 'navigationId' | 'navigationURL'>> & { name: MetricName; value: number; navigationType: string }): void => {
      try {
        let into = hard;
        if (metric.navigationType === 'soft-navigation') {
          const id = metric.navigationId ?? 0;
          if (!soft.has(id)) {
            soft.set(id, [metric.navigationURL, {}]);
            if (soft.size > 3) soft.delete(soft.keys().next().value!);
          }
          into = soft.get(id)?.[1] ?? {};
        }
        into[`wv_${metric.name.toLowerCase()}`] = metric.value;
        into[metric.name] = attribute(metric as never);
      } catch {
        // attribution is best effort: the value itself is already kept
      }
    };

  // Bubble phase on purpose: web-vitals settles its final values in capture-phase listeners.
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden' && !manual) send();
  };
  // Capture phase, before web-vitals' own: the new view exists before its first values arrive.
  const onShow = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    hard = {};
    view = { ...view, nav: 'hard', sent: false, url: location.href, restoredAt: Math.round(performance.timeOrigin + event.timeStamp) };
  };
  try {
    view.url = location.href;
    addEventListener('pageshow', onShow, true);
    addEventListener('visibilitychange', onVisibility);
    inp = startInpAttribution();
    const opts: ReportOpts = { reportAllChanges: true, reportSoftNavs: true };
    onLCP(record(lcpAttribution), opts);
    onCLS(record(clsAttribution), opts);
    onINP(record(inp.attribute), opts);
    onFCP(record(fcpAttribution), opts);
    onTTFB(record(ttfbAttribution), opts);
    // Where web-vitals drops TTFB (WebKit's navigation times before the time origin) it is ours.
    const early = ttfbBeforeTimeOrigin();
    if (early) {
      const metric = { name: 'TTFB' as const, value: early.value, navigationType: early.entry.type, entries: [early.entry] };
      record(ttfbAttribution)(metric);
    }
    // FID's value only: its rating and id would be dropped here anyway.
    firstInputDelay((value) => void (hard.wv_fid = value));
  } catch (error) {
    logger?.error('Performance reporting could not start', error);
  }
  return {
    send,
    softNavigation(next) {
      try {
        const route = { nav: 'soft' as const, page: { ...view.page, ...next }, url: location.href, sent: false, restoredAt: 0 };
        // The same route announced again (a component mounted twice) is the same view.
        if (view.nav === 'soft' && !view.sent && JSON.stringify([view.url, view.page]) === JSON.stringify([route.url, route.page])) return;
        send();
        view = route;
      } catch (error) {
        logger?.error('Performance reporting could not start a view', error);
      }
    },
    stop() {
      stopped = true;
      try {
        inp?.stop();
        removeEventListener('pageshow', onShow, true);
        removeEventListener('visibilitychange', onVisibility);
      } catch {
        // outside a browser there was nothing to remove
      }
    },
  };
}
