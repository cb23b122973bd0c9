import { engine, type Engine } from './engine.js';

/** The web-vitals form fields a report can carry. */
export const VITALS = ['wv_lcp', 'wv_cls', 'wv_inp', 'wv_fcp', 'wv_ttfb', 'wv_fid'] as const;
export type VitalField = (typeof VITALS)[number];

/** What one engine measures (the table "What each engine measures" in docs/perf.md). */
export interface EngineMeasures {
  /** The vitals it reports on perfEngines.e2e.test.ts's fixture page. */
  vitals: VitalField[];
  /** Long Animation Frame entries (INP's longest script and script totals come from them). */
  loaf: boolean;
  /** Soft-navigation entries: a route's own LCP, FCP, CLS and INP (web-vitals' reportSoftNavs). */
  softNavigations: boolean;
}

/**
 * Each engine's row, as perfEngines.e2e.test.ts observes and pins it. Other tests guard the
 * assertions about a metric with it, so a metric an engine lacks is asserted absent there
 * rather than skipped in silence.
 */
export const MEASURES: Record<Engine, EngineMeasures> = {
  chromium: { vitals: ['wv_lcp', 'wv_cls', 'wv_inp', 'wv_fcp', 'wv_ttfb', 'wv_fid'], loaf: true, softNavigations: true },
  // Firefox measures TTFB on a page the server answers (perf.e2e.test.ts, the landing page), but
  // gives responseStart 0 for this fixture, which the test's route answers, so web-vitals has none.
  firefox: { vitals: ['wv_lcp', 'wv_inp', 'wv_fcp', 'wv_fid'], loaf: false, softNavigations: false },
  webkit: { vitals: ['wv_fcp', 'wv_ttfb'], loaf: false, softNavigations: false },
};

/** This run's engine's row. */
export const measures: EngineMeasures = MEASURES[engine];

/** Whether this run's engine reports `field`. */
export const measuresVital = (field: VitalField): boolean => measures.vitals.includes(field);
