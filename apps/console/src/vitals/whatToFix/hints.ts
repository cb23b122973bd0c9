import type { AttributedMetric } from '../vitalsTypes';

/** The colours of each subpart in the stacked bars, in the order they happen. */
export const SUBPART_COLORS = ['#4c6ef5', '#f59f00', '#12b886', '#e64980'] as const;

/** Each subpart in words, as the bars' legends say it. */
export const SUBPART_LABELS: Record<string, string> = {
  timeToFirstByte: 'time to first byte',
  resourceLoadDelay: 'resource load delay',
  resourceLoadDuration: 'resource load duration',
  elementRenderDelay: 'element render delay',
  inputDelay: 'input delay',
  processingDuration: 'processing duration',
  presentationDelay: 'presentation delay',
};

// What to do when a subpart is most of the metric: the usual cause and the usual fix.
const HINTS: Record<string, string> = {
  timeToFirstByte: 'the server answers late: cache the page (at the edge or in memory) or speed up what builds it',
  resourceLoadDelay: 'the LCP image is discovered late: preload it (or put it in the HTML with fetchpriority="high")',
  resourceLoadDuration: 'the LCP image takes long to download: serve it smaller, compressed and in a modern format',
  elementRenderDelay: 'the LCP element waits to be drawn: cut render-blocking CSS and scripts, or render it on the server',
  inputDelay: 'the page is busy when the user acts: break long tasks up and defer work that is not needed yet',
  processingDuration: 'the event handlers run long: do the least first, then yield to the browser and do the rest later',
  presentationDelay: 'the next frame takes long to paint: make the DOM update smaller and avoid forced layouts',
};

const CLS_HINT = 'an element moves after it appeared: reserve its space (width and height, or min-height) before its content arrives';

/** The subpart with the largest p75, or null when none was measured. */
export function dominantSubpart(subparts: Record<string, number | null>): string | null {
  let best: string | null = null;
  for (const [name, value] of Object.entries(subparts)) {
    if (value !== null && value > 0 && (best === null || value > subparts[best]!)) best = name;
  }
  return best;
}

/** The plain-language hint for a metric's dominant subpart ("resource load delay: the LCP image…"). */
export function hintFor(metric: AttributedMetric, subparts: Record<string, number | null>): string | null {
  if (metric === 'CLS') return `layout shift: ${CLS_HINT}`;
  const name = dominantSubpart(subparts);
  return name ? `${SUBPART_LABELS[name] ?? name}: ${HINTS[name] ?? ''}` : null;
}
