import { onTTFB as webVitalsOnTTFB } from 'web-vitals';
import { fromWebVitals } from './lib/fromWebVitals.js';

/**
 * Time to First Byte: from navigation start until the first byte of the response.
 * Exactly web-vitals' measurement, rated with the specification's thresholds.
 */
export const onTTFB = fromWebVitals(webVitalsOnTTFB);
