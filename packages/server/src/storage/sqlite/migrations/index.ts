import type { Migration } from './migration.js';
import { migration as clientLogsAndSettings } from './001-client-logs-and-settings.js';
import { migration as consentChoices } from './002-consent-choices.js';
import { migration as perfReports } from './003-perf-reports.js';
import { migration as analyticsHits } from './004-analytics-hits.js';
import { migration as signals } from './005-signals.js';
import { migration as dropCounts } from './006-drop-counts.js';
import { migration as clientIds } from './007-client-ids.js';
import { migration as logRing } from './008-log-ring.js';
import { migration as consentObjections } from './009-consent-objections.js';
import { migration as releases } from './010-releases.js';
import { migration as alerts } from './011-alerts.js';
import { migration as requestCounters } from './012-request-counters.js';
import { migration as logMessageIds } from './013-log-message-ids.js';
import { migration as ringWithoutMessageIndex } from './014-ring-without-message-index.js';
import { migration as alertClaims } from './015-alert-claims.js';
import { migration as perfRollups } from './016-perf-rollups.js';
import { migration as analyticsRollups } from './017-analytics-rollups.js';
import { migration as logRollups } from './018-log-rollups.js';
import { migration as rollupCursors } from './019-rollup-cursors.js';
import { migration as logDeliveryRing } from './020-log-delivery-ring.js';
import { migration as messageIdsWithoutTimeIndex } from './021-message-ids-without-time-index.js';
import { migration as usnatChoices } from './022-usnat-choices.js';
import { migration as perfAttribution } from './023-perf-attribution.js';
import { migration as perfAttributionRollups } from './024-perf-attribution-rollups.js';
import { migration as perfBrowserFamily } from './025-perf-browser-family.js';

/**
 * The schema history of the SQLite store, oldest first: one file per version, named after it.
 * A shipped migration is never edited (existing databases have run it); a change is a new file.
 */
export const sqliteMigrations: readonly Migration[] = [
  clientLogsAndSettings,
  consentChoices,
  perfReports,
  analyticsHits,
  signals,
  dropCounts,
  clientIds,
  logRing,
  consentObjections,
  releases,
  alerts,
  requestCounters,
  logMessageIds,
  ringWithoutMessageIndex,
  alertClaims,
  perfRollups,
  analyticsRollups,
  logRollups,
  rollupCursors,
  logDeliveryRing,
  messageIdsWithoutTimeIndex,
  usnatChoices,
  perfAttribution,
  perfAttributionRollups,
  perfBrowserFamily,
];
