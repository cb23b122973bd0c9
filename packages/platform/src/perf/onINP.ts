import { onINP as webVitalsOnINP } from 'web-vitals';
import { fromWebVitals } from './lib/fromWebVitals.js';

/**
 * Interaction to Next Paint: close to the worst interaction latency (from the 10 worst; one is skipped per 50 interactions).
 * Exactly web-vitals' measurement, rated with the specification's thresholds.
 */
export const onINP = fromWebVitals(webVitalsOnINP);
