import type pg from 'pg';
import type { NewConsentChoice } from '../../consent/consentStorage.js';
import { CHOICE_KINDS, RECONSENT_REASONS } from '../../consent/contract.js';
import type { ConsentChoiceKind, ConsentDay, ReconsentReason } from '../../consent/contract.js';
import type { ConsentIngest, ConsentQuery } from '../../consent/ports.js';
import { inTransaction, pgJson, pgText, queryRow, queryRows } from './db.js';

interface DayRow {
  day: string;
  choice: ConsentChoiceKind;
  purposes: number[];
  vendors: number[];
  objected_purposes: number[];
  objected_vendors: number[];
}

const UTC_DAY = `to_char(timestamp 'epoch' + (created_at / 1000) * interval '1 second', 'YYYY-MM-DD')`;

const count = (into: Record<number, number>, ids: number[]) => {
  for (const id of ids) into[id] = (into[id] ?? 0) + 1;
};
const emptyDay = (day: string): ConsentDay => ({
  day,
  visitors: 0,
  choices: Object.fromEntries(CHOICE_KINDS.map((k) => [k, 0])) as ConsentDay['choices'],
  purposes: {},
  purposeObjections: {},
  vendorConsents: {},
  vendorObjections: {},
  reconsents: Object.fromEntries(RECONSENT_REASONS.map((r) => [r, 0])) as ConsentDay['reconsents'],
});

/** The consent ports: every choice in the history, the newest per visitor beside it. */
export function createPostgresConsent(
  pool: pg.Pool,
): { ingest: Pick<ConsentIngest, 'insertConsentChoice'>; query: Pick<ConsentQuery, 'latestConsentChoice' | 'consentSummary'> } {
  return {
    ingest: {
      insertConsentChoice: (c: NewConsentChoice) =>
        inTransaction(pool, async (client) => {
          await client.query(
            `INSERT INTO consent_choices (visitor_id, created_at, choice, tc_string, gvl_version, policy_version, language,
               user_agent, purposes, special_features, vendors, objected_purposes, objected_vendors, disclosed_vendors,
               reconsent_reason, country)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
            [
              pgText(c.visitorId), c.createdAt, c.choice, pgText(c.tcString), c.gvlVersion, c.policyVersion, pgText(c.language),
              pgText(c.userAgent),
              c.purposes, c.specialFeatures, c.vendors, c.objectedPurposes, c.objectedVendors, c.disclosedVendors,
              c.reconsentReason, pgText(c.country),
            ],
          );
          // A choice made at the same millisecond as the stored one replaces it: the later write
          // wins, as the newest id does on SQLite.
          await client.query(
            `INSERT INTO consent_latest AS l (visitor_id, created_at, choice) VALUES ($1, $2, $3)
             ON CONFLICT (visitor_id) DO UPDATE SET created_at = EXCLUDED.created_at, choice = EXCLUDED.choice
              WHERE EXCLUDED.created_at >= l.created_at`,
            [pgText(c.visitorId), c.createdAt, pgJson(c)],
          );
        }),
    },
    query: {
      async latestConsentChoice(visitorId) {
        const row = await queryRow<{ choice: NewConsentChoice }>(pool, 'SELECT choice FROM consent_latest WHERE visitor_id = $1', [pgText(visitorId)]);
        return row ? normalise(row.choice) : null;
      },
      async consentSummary({ since, until }) {
        const range = [since, until];
        // Each visitor once per UTC day, by the last choice they made that day.
        const [lastPerDay, reconsentsPerDay] = await Promise.all([
          queryRows<DayRow>(
          pool,
          `SELECT day, choice, purposes, vendors, objected_purposes, objected_vendors FROM (
             SELECT ${UTC_DAY} AS day, choice, purposes, vendors, objected_purposes, objected_vendors,
                    ROW_NUMBER() OVER (PARTITION BY visitor_id, ${UTC_DAY} ORDER BY created_at DESC, seq DESC) AS n
               FROM consent_choices WHERE created_at >= $1 AND created_at < $2
           ) AS ranked WHERE n = 1 ORDER BY day`,
          range,
          ),
          // A visitor asked again answers once per reason and day, however often they then change their mind.
          queryRows<{ day: string; reason: ReconsentReason; visitors: number }>(
          pool,
          `SELECT ${UTC_DAY} AS day, reconsent_reason AS reason, COUNT(DISTINCT visitor_id) AS visitors
             FROM consent_choices WHERE created_at >= $1 AND created_at < $2 AND reconsent_reason IS NOT NULL
            GROUP BY 1, 2`,
            range,
          ),
        ]);
        const days = new Map<string, ConsentDay>();
        const dayOf = (day: string) => days.get(day) ?? days.set(day, emptyDay(day)).get(day)!;
        for (const row of lastPerDay) {
          const day = dayOf(row.day);
          day.visitors++;
          day.choices[row.choice]++;
          count(day.purposes, row.purposes);
          count(day.purposeObjections, row.objected_purposes);
          count(day.vendorConsents, row.vendors);
          count(day.vendorObjections, row.objected_vendors);
        }
        for (const row of reconsentsPerDay) {
          if (row.reason in dayOf(row.day).reconsents) dayOf(row.day).reconsents[row.reason] = row.visitors;
        }
        return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
      },
    },
  };
}

/** The stored JSON with exactly the fields of a choice (nothing the caller's object carried besides). */
function normalise(c: NewConsentChoice): NewConsentChoice {
  return {
    visitorId: c.visitorId,
    createdAt: c.createdAt,
    choice: c.choice,
    tcString: c.tcString,
    gvlVersion: c.gvlVersion,
    policyVersion: c.policyVersion,
    language: c.language ?? null,
    userAgent: c.userAgent ?? null,
    purposes: c.purposes,
    specialFeatures: c.specialFeatures,
    vendors: c.vendors,
    objectedPurposes: c.objectedPurposes,
    objectedVendors: c.objectedVendors,
    disclosedVendors: c.disclosedVendors ?? null,
    reconsentReason: c.reconsentReason ?? null,
    country: c.country ?? null,
  };
}
