import { onFCP as webVitalsOnFCP } from 'web-vitals';
import { fromWebVitals } from './lib/fromWebVitals.js';

/**
 * First Contentful Paint: when the page first painted any text or image.
 * Exactly web-vitals' measurement, rated with the specification's thresholds.
 */
export const onFCP = fromWebVitals(webVitalsOnFCP);
