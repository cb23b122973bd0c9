import type { Database } from 'better-sqlite3';
import type { NewConsentChoice } from '../../consent/consentStorage.js';
import type { ConsentIngest, ConsentQuery } from '../../consent/ports.js';
import type { ConsentChoiceKind, ReconsentReason } from '../../consent/contract.js';
import type { ReconsentRow } from '../rows/consent.js';
import { consentDays } from '../rows/consent.js';
import type { GroupCommit } from './groupCommit.js';

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
  objected_purposes: string;
  objected_vendors: string;
  disclosed_vendors: string | null;
  reconsent_reason: ReconsentReason | null;
  country: string | null;
}

type DayRow = Pick<ChoiceRow, 'choice' | 'purposes' | 'vendors' | 'objected_purposes' | 'objected_vendors'> & { day: string };

const ids = (json: string) => JSON.parse(json) as number[];

/**
 * Consent choices on SQLite. A choice is one statement through the group commit, so it is on
 * disk before the visitor's request is answered.
 */
export function createSqliteConsent(
  db: Database,
  writes: GroupCommit,
): { ingest: Pick<ConsentIngest, 'insertConsentChoice'>; query: Pick<ConsentQuery, 'latestConsentChoice' | 'consentSummary'> } {
  const insert = db.prepare(`INSERT INTO consent_choices
    (visitor_id, created_at, choice, tc_string, gvl_version, policy_version, language, user_agent, purposes, special_features, vendors,
     objected_purposes, objected_vendors, disclosed_vendors, reconsent_reason, country)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const latest = db.prepare(`SELECT * FROM consent_choices WHERE visitor_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`);
  // Each visitor once per UTC day, by the last choice they made that day.
  const lastPerDay = db.prepare(`
    SELECT day, choice, purposes, vendors, objected_purposes, objected_vendors FROM (
      SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, choice, purposes, vendors, objected_purposes, objected_vendors,
        ROW_NUMBER() OVER (PARTITION BY visitor_id, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')
                           ORDER BY created_at DESC, id DESC) AS n
      FROM consent_choices WHERE created_at >= ? AND created_at < ?
    ) WHERE n = 1 ORDER BY day`);
  // A visitor asked again answers once per reason and day, however often they then change their mind.
  const reconsentsPerDay = db.prepare(`
    SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, reconsent_reason AS reason, COUNT(DISTINCT visitor_id) AS visitors
    FROM consent_choices WHERE created_at >= ? AND created_at < ? AND reconsent_reason IS NOT NULL
    GROUP BY day, reason`);

  const ingest: Pick<ConsentIngest, 'insertConsentChoice'> = {
    async insertConsentChoice(c: NewConsentChoice) {
      await writes.run(() => insert.run(
        c.visitorId, c.createdAt, c.choice, c.tcString, c.gvlVersion, c.policyVersion, c.language, c.userAgent,
        JSON.stringify(c.purposes), JSON.stringify(c.specialFeatures), JSON.stringify(c.vendors),
        JSON.stringify(c.objectedPurposes), JSON.stringify(c.objectedVendors),
        c.disclosedVendors && JSON.stringify(c.disclosedVendors), c.reconsentReason, c.country ?? null,
      ));
    },
  };
  const query: Pick<ConsentQuery, 'latestConsentChoice' | 'consentSummary'> = {
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
        purposes: ids(row.purposes),
        specialFeatures: ids(row.special_features),
        vendors: ids(row.vendors),
        objectedPurposes: ids(row.objected_purposes),
        objectedVendors: ids(row.objected_vendors),
        disclosedVendors: row.disclosed_vendors === null ? null : ids(row.disclosed_vendors),
        reconsentReason: row.reconsent_reason,
        country: row.country,
      };
    },
    async consentSummary({ since, until }) {
      const lastOfDay = (lastPerDay.all(since, until) as DayRow[]).map((row) => ({
        ...row,
        purposes: ids(row.purposes),
        vendors: ids(row.vendors),
        objected_purposes: ids(row.objected_purposes),
        objected_vendors: ids(row.objected_vendors),
      }));
      return consentDays(lastOfDay, reconsentsPerDay.all(since, until) as ReconsentRow[]);
    },
  };
  return { ingest, query };
}
