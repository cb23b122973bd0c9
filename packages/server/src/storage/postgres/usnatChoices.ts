import type pg from 'pg';
import type { ConsentIngest, ConsentQuery } from '../../consent/ports.js';
import type { NewUsnatChoice } from '../../consent/usnatContract.js';
import type { TcfCountryRow, UsnatCountryRow } from '../rows/consent.js';
import { consentCountries, usnatChoiceOf } from '../rows/consent.js';
import { inTransaction, pgJson, pgText, queryRow, queryRows } from './db.js';

/**
 * US National choices on PostgreSQL, and the per-country count of both regimes' choices: every
 * choice in the history, the newest per visitor beside it, as TCF choices are (consent.ts).
 */
export function createPostgresUsnat(
  pool: pg.Pool,
): { ingest: Pick<ConsentIngest, 'insertUsnatChoice'>; query: Pick<ConsentQuery, 'latestUsnatChoice' | 'consentCountries'> } {
  return {
    ingest: {
      insertUsnatChoice: (c: NewUsnatChoice) =>
        inTransaction(pool, async (client) => {
          await client.query(
            `INSERT INTO usnat_choices (visitor_id, created_at, sale_opt_out, sharing_opt_out, targeted_advertising_opt_out, gpc,
               country, region, language, user_agent)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              pgText(c.visitorId), c.createdAt, c.saleOptOut, c.sharingOptOut, c.targetedAdvertisingOptOut, c.gpc,
              pgText(c.country), pgText(c.region), pgText(c.language), pgText(c.userAgent),
            ],
          );
          // Same millisecond as the stored one: the later write wins, as the newest id does on SQLite.
          await client.query(
            `INSERT INTO usnat_latest AS l (visitor_id, created_at, choice) VALUES ($1, $2, $3)
             ON CONFLICT (visitor_id) DO UPDATE SET created_at = EXCLUDED.created_at, choice = EXCLUDED.choice
              WHERE EXCLUDED.created_at >= l.created_at`,
            [pgText(c.visitorId), c.createdAt, pgJson(c)],
          );
        }),
    },
    query: {
      async latestUsnatChoice(visitorId) {
        const row = await queryRow<{ choice: NewUsnatChoice }>(pool, 'SELECT choice FROM usnat_latest WHERE visitor_id = $1', [pgText(visitorId)]);
        return row ? usnatChoiceOf(row.choice) : null;
      },
      async consentCountries({ since, until }) {
        const range = [since, until];
        // Each visitor once in the window, by their last choice in it, under that choice's country.
        const [tcf, usnat] = await Promise.all([
          queryRows<TcfCountryRow>(
            pool,
            `SELECT country, choice, COUNT(*) AS visitors FROM (
               SELECT country, choice, ROW_NUMBER() OVER (PARTITION BY visitor_id ORDER BY created_at DESC, seq DESC) AS n
                 FROM consent_choices WHERE created_at >= $1 AND created_at < $2
             ) AS ranked WHERE n = 1 GROUP BY country, choice`,
            range,
          ),
          queryRows<UsnatCountryRow>(
            pool,
            `SELECT country, COUNT(*) AS visitors, COUNT(*) FILTER (WHERE sale_opt_out) AS sale,
                    COUNT(*) FILTER (WHERE sharing_opt_out) AS sharing, COUNT(*) FILTER (WHERE targeted_advertising_opt_out) AS targeted,
                    COUNT(*) FILTER (WHERE gpc) AS gpc FROM (
               SELECT country, sale_opt_out, sharing_opt_out, targeted_advertising_opt_out, gpc,
                      ROW_NUMBER() OVER (PARTITION BY visitor_id ORDER BY created_at DESC, seq DESC) AS n
                 FROM usnat_choices WHERE created_at >= $1 AND created_at < $2
             ) AS ranked WHERE n = 1 GROUP BY country`,
            range,
          ),
        ]);
        return consentCountries(tcf, usnat);
      },
    },
  };
}

