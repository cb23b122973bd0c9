import { describe } from 'vitest';
import { describeAnalyticsPorts } from './analytics.js';
import { describeConsentPorts } from './consent.js';
import { describeDropPorts } from './drops.js';
import { describeLogPorts } from './logs.js';
import { describePerfPorts } from './perf.js';
import { describeSignalPorts } from './signals.js';
import type { OpenStore } from './openStore.js';

export type { OpenStore } from './openStore.js';

/**
 * Declares every port's conformance suite against one engine's stores: what any adapter must do
 * alike, so the engines cannot drift. Engine-specific behaviour (pragmas, fsync, partitions,
 * migrating old files) is tested beside each adapter instead.
 */
export function describeStoreConformance(engine: string, open: OpenStore): void {
  describe(`${engine} store conformance`, () => {
    describeLogPorts(open);
    describePerfPorts(open);
    describeAnalyticsPorts(open);
    describeDropPorts(open);
    describeSignalPorts(open);
    describeConsentPorts(open);
  });
}
