import type { AnalyticsSink } from './types.js';

/** Options of {@link dataLayerSink}. */
export interface DataLayerSinkOptions {
  /** Defaults to `window.dataLayer`, created when missing, as Google Tag Manager / gtag expect. */
  dataLayer?: unknown[];
}

/**
 * Google Analytics 4 through the `dataLayer`: page views are pushed as `page_view` with
 * `page_path` set to the virtual path, events as `tarmac_event`; every other hit field
 * (context, category, action, label, value, params, nonInteraction) rides along under its own
 * name for the tag manager's variables.
 */
export function dataLayerSink({ dataLayer }: DataLayerSinkOptions = {}): AnalyticsSink {
  return (hit) => {
    const layer = dataLayer ?? ((window as { dataLayer?: unknown[] }).dataLayer ??= []);
    layer.push({ ...hit, event: hit.type === 'pageview' ? 'page_view' : 'tarmac_event', page_path: hit.path });
  };
}
