import { onLCP as webVitalsOnLCP } from 'web-vitals';
import { fromWebVitals } from './lib/fromWebVitals.js';

/**
 * Largest Contentful Paint: when the biggest text block or image of the first view was painted.
 * Exactly web-vitals' measurement, rated with the specification's thresholds.
 */
export const onLCP = fromWebVitals(webVitalsOnLCP);
