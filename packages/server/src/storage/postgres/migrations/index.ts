import type { Migration } from './migration.js';
import { baseMigration } from './001-base.js';
import { logsMigration } from './002-logs.js';
import { releasesMigration } from './003-releases.js';
import { alertsMigration } from './004-alerts.js';
import { perfMigration } from './005-perf.js';
import { analyticsMigration } from './006-analytics.js';
import { dropsMigration } from './007-drops.js';
import { signalsMigration } from './008-signals.js';
import { consentMigration } from './009-consent.js';
import { alertClaimsMigration } from './010-alert-claims.js';
import { perfRollupsMigration } from './011-perf-rollups.js';
import { analyticsRollupsMigration } from './012-analytics-rollups.js';
import { logRollupsMigration } from './013-log-rollups.js';
import { rollupPendingMigration } from './014-rollup-pending.js';
import { usnatChoicesMigration } from './015-usnat-choices.js';
import { perfAttributionMigration } from './016-perf-attribution.js';
import { perfAttributionRollupsMigration } from './017-perf-attribution-rollups.js';
import { perfBrowserFamilyMigration } from './018-perf-browser-family.js';

export type { Migration } from './migration.js';

/** The schema history of the PostgreSQL store; the runner applies it in version order. */
export const migrations: readonly Migration[] = [
  baseMigration,
  logsMigration,
  releasesMigration,
  alertsMigration,
  perfMigration,
  analyticsMigration,
  dropsMigration,
  signalsMigration,
  consentMigration,
  alertClaimsMigration,
  perfRollupsMigration,
  analyticsRollupsMigration,
  logRollupsMigration,
  rollupPendingMigration,
  usnatChoicesMigration,
  perfAttributionMigration,
  perfAttributionRollupsMigration,
  perfBrowserFamilyMigration,
];
