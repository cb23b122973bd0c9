import type { Database } from 'better-sqlite3';
import type { ConsentIngest, ConsentQuery } from '../../consent/ports.js';
import type { NewUsnatChoice } from '../../consent/usnatContract.js';
import type { TcfCountryRow, UsnatCountryRow } from '../rows/consent.js';
import { consentCountries } from '../rows/consent.js';
import type { GroupCommit } from './groupCommit.js';

interface UsnatRow {
  visitor_id: string;
  created_at: number;
  sale_opt_out: number;
  sharing_opt_out: number;
  targeted_advertising_opt_out: number;
  gpc: number;
  country: string;
  region: string | null;
  language: string | null;
  user_agent: string | null;
}

/**
 * US National choices on SQLite, and the per-country count of both regimes' choices. A choice is
 * one statement through the group commit, so it is on disk before the visitor is answered, as a
 * TCF choice is (consent.ts).
 */
export function createSqliteUsnat(
  db: Database,
  writes: GroupCommit,
): { ingest: Pick<ConsentIngest, 'insertUsnatChoice'>; query: Pick<ConsentQuery, 'latestUsnatChoice' | 'consentCountries'> } {
  const insert = db.prepare(`INSERT INTO usnat_choices
    (visitor_id, created_at, sale_opt_out, sharing_opt_out, targeted_advertising_opt_out, gpc, country, region, language, user_agent)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const latest = db.prepare(`SELECT * FROM usnat_choices WHERE visitor_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`);
  // Each visitor once in the window, by their last choice in it, under that choice's country.
  const tcfPerCountry = db.prepare(`
    SELECT country, choice, COUNT(*) AS visitors FROM (
      SELECT country, choice, ROW_NUMBER() OVER (PARTITION BY visitor_id ORDER BY created_at DESC, id DESC) AS n
      FROM consent_choices WHERE created_at >= ? AND created_at < ?
    ) WHERE n = 1 GROUP BY country, choice`);
  const usnatPerCountry = db.prepare(`
    SELECT country, COUNT(*) AS visitors, SUM(sale_opt_out) AS sale, SUM(sharing_opt_out) AS sharing,
           SUM(targeted_advertising_opt_out) AS targeted, SUM(gpc) AS gpc FROM (
      SELECT country, sale_opt_out, sharing_opt_out, targeted_advertising_opt_out, gpc,
             ROW_NUMBER() OVER (PARTITION BY visitor_id ORDER BY created_at DESC, id DESC) AS n
      FROM usnat_choices WHERE created_at >= ? AND created_at < ?
    ) WHERE n = 1 GROUP BY country`);
  const bit = (value: boolean) => (value ? 1 : 0);

  return {
    ingest: {
      async insertUsnatChoice(c: NewUsnatChoice) {
        await writes.run(() => insert.run(
          c.visitorId, c.createdAt, bit(c.saleOptOut), bit(c.sharingOptOut), bit(c.targetedAdvertisingOptOut), bit(c.gpc),
          c.country, c.region, c.language, c.userAgent,
        ));
      },
    },
    query: {
      async latestUsnatChoice(visitorId) {
        const row = latest.get(visitorId) as UsnatRow | undefined;
        if (!row) return null;
        return {
          visitorId: row.visitor_id,
          createdAt: row.created_at,
          saleOptOut: row.sale_opt_out === 1,
          sharingOptOut: row.sharing_opt_out === 1,
          targetedAdvertisingOptOut: row.targeted_advertising_opt_out === 1,
          gpc: row.gpc === 1,
          country: row.country,
          region: row.region,
          language: row.language,
          userAgent: row.user_agent,
        };
      },
      async consentCountries({ since, until }) {
        return consentCountries(
          tcfPerCountry.all(since, until) as TcfCountryRow[],
          usnatPerCountry.all(since, until) as UsnatCountryRow[],
        );
      },
    },
  };
}
