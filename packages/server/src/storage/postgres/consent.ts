import type pg from 'pg';
import type { NewConsentChoice } from '../../consent/consentStorage.js';
import type { ConsentIngest, ConsentQuery } from '../../consent/ports.js';
import type { ConsentDayRow, ReconsentRow } from '../rows/consent.js';
import { consentChoiceOf, consentDays } from '../rows/consent.js';
import { inTransaction, pgJson, pgText, queryRow, queryRows } from './db.js';

const UTC_DAY = `to_char(timestamp 'epoch' + (created_at / 1000) * interval '1 second', 'YYYY-MM-DD')`;

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
        return row ? consentChoiceOf(row.choice) : null;
      },
      async consentSummary({ since, until }) {
        const range = [since, until];
        // Each visitor once per UTC day, by the last choice they made that day.
        const [lastPerDay, reconsentsPerDay] = await Promise.all([
          queryRows<ConsentDayRow>(
          pool,
          `SELECT day, choice, purposes, vendors, objected_purposes, objected_vendors FROM (
             SELECT ${UTC_DAY} AS day, choice, purposes, vendors, objected_purposes, objected_vendors,
                    ROW_NUMBER() OVER (PARTITION BY visitor_id, ${UTC_DAY} ORDER BY created_at DESC, seq DESC) AS n
               FROM consent_choices WHERE created_at >= $1 AND created_at < $2
           ) AS ranked WHERE n = 1 ORDER BY day`,
          range,
          ),
          // A visitor asked again answers once per reason and day, however often they then change their mind.
          queryRows<ReconsentRow>(
          pool,
          `SELECT ${UTC_DAY} AS day, reconsent_reason AS reason, COUNT(DISTINCT visitor_id) AS visitors
             FROM consent_choices WHERE created_at >= $1 AND created_at < $2 AND reconsent_reason IS NOT NULL
            GROUP BY 1, 2`,
            range,
          ),
        ]);
        return consentDays(lastPerDay, reconsentsPerDay);
      },
    },
  };
}

