import type { Migration } from './migration.js';
import { baseMigration } from './001-base.js';

export type { Migration } from './migration.js';

/** The schema history of the PostgreSQL store; the runner applies it in version order. */
export const migrations: readonly Migration[] = [baseMigration];
