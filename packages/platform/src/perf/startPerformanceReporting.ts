import { navigationTimingFields } from './navigationTimingFields.js';
import { onCLS } from './onCLS.js';
import { onFCP } from './onFCP.js';
import { onFID } from './onFID.js';
import { onINP } from './onINP.js';
import { onLCP } from './onLCP.js';
import { onTTFB } from './onTTFB.js';
import { sendForm } from './lib/sendForm.js';
import { newId } from '../transport/newId.js';
import type { PerfMetric } from './lib/types.js';
import type { PerfReportForm, VitalFormField } from './lib/reportForm.js';

/** What a report says about the page besides its numbers; sent as form fields of these names. */
export interface PerfReportingOptions {
  /** Prefix of the endpoint `{apiPrefix}/s/run/perf`; '' (the site's origin) by default. */
  apiPrefix?: string;
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  pageTag?: string;
  /** True: nothing is sent on hide; the page calls `send()` when its view is complete. */
  manual?: boolean;
  /** Told when starting fails, since this module never throws into the page. */
  logger?: { error(message: string, ...args: unknown[]): void };
}

/** A running reporter. */
export interface PerfReporting {
  /** Sends this view's report now; later calls for the same view do nothing. */
  send(): void;
  /** Removes the listeners; nothing is sent afterwards. */
  stop(): void;
}

/**
 * Collects the web vitals and the navigation timing of the page and sends one report per page
 * view to `{apiPrefix}/s/run/perf` when the page becomes hidden (unless `manual`). A view
 * restored from the back/forward cache is a new view: its vitals start afresh and it gets its
 * own report, whose navigation timing is only `nt_nav_type=2` and `nt_nav_st` (the restore
 * time), since the original load was already reported.
 */
export function startPerformanceReporting(options: PerfReportingOptions): PerfReporting {
  const { apiPrefix = '', manual, logger, ...page } = options;
  let values: Partial<Record<VitalFormField, number>> = {};
  let sent = false;
  let stopped = false;
  let restoredAt = 0;
  let url = '';
  const send = (): void => {
    if (sent || stopped) return;
    sent = true;
    try {
      const timing = restoredAt ? { nt_nav_st: restoredAt, nt_nav_type: 2 } : navigationTimingFields();
      // A new id per report: the server stores a report once, whatever a retry sends again.
      const form: PerfReportForm = { ...timing, ...values, url, ...page, id: newId() };
      sendForm(`${apiPrefix}/s/run/perf`, form as Record<keyof PerfReportForm, string | number | undefined>);
    } catch (error) {
      logger?.error('Performance report failed', error);
    }
  };
  // Bubble phase on purpose: web-vitals settles its final values in capture-phase listeners
  // of the same event, and the report must carry those.
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden' && !manual) send();
  };
  // Capture phase, added before web-vitals' own: the new view must be set up before
  // web-vitals reports the restored view's first values.
  const onShow = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    values = {};
    sent = false;
    restoredAt = Math.round(performance.timeOrigin + event.timeStamp);
    url = location.href;
  };
  try {
    url = location.href;
    addEventListener('pageshow', onShow, true);
    addEventListener('visibilitychange', onVisibility);
    const record = ({ name, value }: PerfMetric): void => void (values[`wv_${name.toLowerCase()}` as VitalFormField] = value);
    for (const on of [onLCP, onCLS, onINP, onFCP, onTTFB, onFID]) on(record, { reportAllChanges: true });
  } catch (error) {
    logger?.error('Performance reporting could not start', error);
  }
  return {
    send,
    stop() {
      stopped = true;
      try {
        removeEventListener('pageshow', onShow, true);
        removeEventListener('visibilitychange', onVisibility);
      } catch {
        // outside a browser there was nothing to remove
      }
    },
  };
}
