import type { Database } from 'better-sqlite3';
import type { ConsentStorage, NewConsentChoice } from '../../consent/consentStorage.js';
import { CHOICE_KINDS } from '../../consent/contract.js';
import type { ConsentChoiceKind, ConsentDay } from '../../consent/contract.js';

/** Migration 2: the consent choices table (appended to migrations.ts). */
export const CONSENT_MIGRATION_SQL = `
  CREATE TABLE consent_choices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    visitor_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    choice TEXT NOT NULL,
    tc_string TEXT NOT NULL,
    gvl_version INTEGER NOT NULL,
    policy_version INTEGER NOT NULL,
    language TEXT,
    user_agent TEXT,
    purposes TEXT NOT NULL,
    special_features TEXT NOT NULL,
    vendors TEXT NOT NULL
  );
  CREATE INDEX consent_choices_visitor ON consent_choices (visitor_id, created_at DESC);
  CREATE INDEX consent_choices_created ON consent_choices (created_at);
`;

interface ChoiceRow {
  visitor_id: string;
  created_at: number;
  choice: ConsentChoiceKind;
  tc_string: string;
  gvl_version: number;
  policy_version: number;
  language: string | null;
  user_agent: string | null;
  purposes: string;
  special_features: string;
  vendors: string;
}

/** The SQLite side of {@link ConsentStorage}; synchronous, wrapped async by the adapter. */
export function createSqliteConsentStore(db: Database): ConsentStorage {
  const insert = db.prepare(`INSERT INTO consent_choices
    (visitor_id, created_at, choice, tc_string, gvl_version, policy_version, language, user_agent, purposes, special_features, vendors)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const latest = db.prepare(`SELECT * FROM consent_choices WHERE visitor_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`);
  // Each visitor once per UTC day, by the last choice they made that day.
  const lastPerDay = db.prepare(`
    SELECT day, choice, purposes FROM (
      SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, choice, purposes,
        ROW_NUMBER() OVER (PARTITION BY visitor_id, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')
                           ORDER BY created_at DESC, id DESC) AS n
      FROM consent_choices WHERE created_at >= ? AND created_at < ?
    ) WHERE n = 1 ORDER BY day`);

  return {
    async insertConsentChoice(c: NewConsentChoice) {
      insert.run(
        c.visitorId, c.createdAt, c.choice, c.tcString, c.gvlVersion, c.policyVersion, c.language, c.userAgent,
        JSON.stringify(c.purposes), JSON.stringify(c.specialFeatures), JSON.stringify(c.vendors),
      );
    },
    async latestConsentChoice(visitorId) {
      const row = latest.get(visitorId) as ChoiceRow | undefined;
      if (!row) return null;
      return {
        visitorId: row.visitor_id,
        createdAt: row.created_at,
        choice: row.choice,
        tcString: row.tc_string,
        gvlVersion: row.gvl_version,
        policyVersion: row.policy_version,
        language: row.language,
        userAgent: row.user_agent,
        purposes: JSON.parse(row.purposes) as number[],
        specialFeatures: JSON.parse(row.special_features) as number[],
        vendors: JSON.parse(row.vendors) as number[],
      };
    },
    async consentSummary({ since, until }) {
      const days = new Map<string, ConsentDay>();
      const rows = lastPerDay.all(since, until) as { day: string; choice: ConsentChoiceKind; purposes: string }[];
      for (const row of rows) {
        let day = days.get(row.day);
        if (!day) {
          day = { day: row.day, visitors: 0, choices: Object.fromEntries(CHOICE_KINDS.map((k) => [k, 0])) as ConsentDay['choices'], purposes: {} };
          days.set(row.day, day);
        }
        day.visitors++;
        day.choices[row.choice]++;
        for (const id of JSON.parse(row.purposes) as number[]) day.purposes[id] = (day.purposes[id] ?? 0) + 1;
      }
      return [...days.values()];
    },
  };
}
