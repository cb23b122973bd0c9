import { onCLS as webVitalsOnCLS } from 'web-vitals';
import { fromWebVitals } from './lib/fromWebVitals.js';

/**
 * Cumulative Layout Shift: the largest burst of unexpected layout shifts (session windows of at most 1 s gap and 5 s total).
 * Exactly web-vitals' measurement, rated with the specification's thresholds.
 */
export const onCLS = fromWebVitals(webVitalsOnCLS);
