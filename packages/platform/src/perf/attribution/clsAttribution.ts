import type { CLSMetric } from 'web-vitals';
import { selectorOf } from './text.js';
import type { AttributionFields } from './attributionForm.js';

/**
 * CLS: the largest shift of the worst session window, and its largest source (the first source
 * that is an element, as web-vitals picks it, else the first), named while the node still exists.
 */
export function clsAttribution(metric: CLSMetric): AttributionFields {
  let largest: LayoutShift | undefined;
  for (const shift of metric.entries) if (!largest || shift.value > largest.value) largest = shift;
  if (!largest) return {};
  const source = largest.sources.find((s) => s.node?.nodeType === 1) ?? largest.sources[0];
  return { wa_cls_target: selectorOf(source?.node), wa_cls_time: largest.startTime, wa_cls_value: largest.value };
}
