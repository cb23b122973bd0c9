import { describe } from 'vitest';
import { describeAlertClaims } from './alertClaims.js';
import { describeAlertPorts } from './alerts.js';
import { describeAnalyticsPorts } from './analytics.js';
import { describeAnalyticsRollups } from './analyticsRollups.js';
import { describeReleaseArtifacts } from './artifacts.js';
import { describeConsentPorts } from './consent.js';
import { describeCounterPort } from './counters.js';
import { describeDropPorts } from './drops.js';
import { describeIngestBatch } from './ingestBatch.js';
import { describeLogPorts } from './logs.js';
import { describeLogRollups } from './logRollups.js';
import { describePerfPorts } from './perf.js';
import { describePerfAttribution } from './perfAttribution.js';
import { describePerfBrowserFamily } from './perfBrowserFamily.js';
import { describePerfRollups } from './perfRollups.js';
import { describeReleaseBookkeeping } from './releaseBookkeeping.js';
import { describeIssueWorkflow } from './releases.js';
import { describeStoreLifecycle } from './lifecycle.js';
import { describeSettingsPort } from './settings.js';
import { describeSignalPorts } from './signals.js';
import { describeUsnatPorts } from './usnat.js';
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
    describeLogRollups(open);
    describePerfPorts(open);
    describePerfRollups(open);
    describePerfAttribution(open);
    describePerfBrowserFamily(open);
    describeAnalyticsPorts(open);
    describeAnalyticsRollups(open);
    describeDropPorts(open);
    describeSignalPorts(open);
    describeConsentPorts(open);
    describeUsnatPorts(open);
    describeIssueWorkflow(open);
    describeReleaseBookkeeping(open);
    describeReleaseArtifacts(open);
    describeAlertPorts(open);
    describeAlertClaims(open);
    describeSettingsPort(open);
    describeCounterPort(open);
    describeIngestBatch(open);
    describeStoreLifecycle(open);
  });
}
