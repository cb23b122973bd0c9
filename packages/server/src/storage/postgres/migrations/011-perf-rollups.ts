import type { Migration } from './migration.js';

/**
 * Migration 11: perf rollups, one table per level (minute, hour, UTC day), a row per start × page,
 * the same columns as SQLite's migration 16. The page is an integer id into perf_rollup_keys
 * (`dims` names it as one string, NULL parts included, so the unique key needs no NULL rules).
 * Minute and hour tables are partitioned by day like the raw tables (partitions.ts keeps them);
 * day rows are few and stay in one plain table.
 */
export const perfRollupsMigration: Migration = {
  version: 11,
  name: 'perf rollups',
  sql: `
    CREATE TABLE perf_rollup_keys (
      id SERIAL PRIMARY KEY,
      dims TEXT NOT NULL UNIQUE,
      vertical TEXT,
      page_id TEXT,
      sub_page_id TEXT
    );
    CREATE TABLE perf_rollup_minute (
        start BIGINT NOT NULL,
        key_id INTEGER NOT NULL,
        reports BIGINT NOT NULL,
        lcp_good BIGINT NOT NULL, lcp_ni BIGINT NOT NULL, lcp_poor BIGINT NOT NULL, cls_good BIGINT NOT NULL, cls_ni BIGINT NOT NULL, cls_poor BIGINT NOT NULL, inp_good BIGINT NOT NULL, inp_ni BIGINT NOT NULL, inp_poor BIGINT NOT NULL,
        fid_good BIGINT NOT NULL, fid_ni BIGINT NOT NULL, fid_poor BIGINT NOT NULL, fcp_good BIGINT NOT NULL, fcp_ni BIGINT NOT NULL, fcp_poor BIGINT NOT NULL, ttfb_good BIGINT NOT NULL, ttfb_ni BIGINT NOT NULL, ttfb_poor BIGINT NOT NULL,
        redirect_ms DOUBLE PRECISION NOT NULL, redirect_n BIGINT NOT NULL, dns_ms DOUBLE PRECISION NOT NULL, dns_n BIGINT NOT NULL, connect_ms DOUBLE PRECISION NOT NULL, connect_n BIGINT NOT NULL, tls_ms DOUBLE PRECISION NOT NULL, tls_n BIGINT NOT NULL,
        request_ms DOUBLE PRECISION NOT NULL, request_n BIGINT NOT NULL, response_ms DOUBLE PRECISION NOT NULL, response_n BIGINT NOT NULL, dom_ms DOUBLE PRECISION NOT NULL, dom_n BIGINT NOT NULL, load_ms DOUBLE PRECISION NOT NULL, load_n BIGINT NOT NULL,
        sketches BYTEA NOT NULL,
        PRIMARY KEY (start, key_id)
      ) PARTITION BY RANGE (start);
    CREATE TABLE perf_rollup_minute_default PARTITION OF perf_rollup_minute DEFAULT;
    CREATE TABLE perf_rollup_hour (
        start BIGINT NOT NULL,
        key_id INTEGER NOT NULL,
        reports BIGINT NOT NULL,
        lcp_good BIGINT NOT NULL, lcp_ni BIGINT NOT NULL, lcp_poor BIGINT NOT NULL, cls_good BIGINT NOT NULL, cls_ni BIGINT NOT NULL, cls_poor BIGINT NOT NULL, inp_good BIGINT NOT NULL, inp_ni BIGINT NOT NULL, inp_poor BIGINT NOT NULL,
        fid_good BIGINT NOT NULL, fid_ni BIGINT NOT NULL, fid_poor BIGINT NOT NULL, fcp_good BIGINT NOT NULL, fcp_ni BIGINT NOT NULL, fcp_poor BIGINT NOT NULL, ttfb_good BIGINT NOT NULL, ttfb_ni BIGINT NOT NULL, ttfb_poor BIGINT NOT NULL,
        redirect_ms DOUBLE PRECISION NOT NULL, redirect_n BIGINT NOT NULL, dns_ms DOUBLE PRECISION NOT NULL, dns_n BIGINT NOT NULL, connect_ms DOUBLE PRECISION NOT NULL, connect_n BIGINT NOT NULL, tls_ms DOUBLE PRECISION NOT NULL, tls_n BIGINT NOT NULL,
        request_ms DOUBLE PRECISION NOT NULL, request_n BIGINT NOT NULL, response_ms DOUBLE PRECISION NOT NULL, response_n BIGINT NOT NULL, dom_ms DOUBLE PRECISION NOT NULL, dom_n BIGINT NOT NULL, load_ms DOUBLE PRECISION NOT NULL, load_n BIGINT NOT NULL,
        sketches BYTEA NOT NULL,
        PRIMARY KEY (start, key_id)
      ) PARTITION BY RANGE (start);
    CREATE TABLE perf_rollup_hour_default PARTITION OF perf_rollup_hour DEFAULT;
    CREATE TABLE perf_rollup_day (
        start BIGINT NOT NULL,
        key_id INTEGER NOT NULL,
        reports BIGINT NOT NULL,
        lcp_good BIGINT NOT NULL, lcp_ni BIGINT NOT NULL, lcp_poor BIGINT NOT NULL, cls_good BIGINT NOT NULL, cls_ni BIGINT NOT NULL, cls_poor BIGINT NOT NULL, inp_good BIGINT NOT NULL, inp_ni BIGINT NOT NULL, inp_poor BIGINT NOT NULL,
        fid_good BIGINT NOT NULL, fid_ni BIGINT NOT NULL, fid_poor BIGINT NOT NULL, fcp_good BIGINT NOT NULL, fcp_ni BIGINT NOT NULL, fcp_poor BIGINT NOT NULL, ttfb_good BIGINT NOT NULL, ttfb_ni BIGINT NOT NULL, ttfb_poor BIGINT NOT NULL,
        redirect_ms DOUBLE PRECISION NOT NULL, redirect_n BIGINT NOT NULL, dns_ms DOUBLE PRECISION NOT NULL, dns_n BIGINT NOT NULL, connect_ms DOUBLE PRECISION NOT NULL, connect_n BIGINT NOT NULL, tls_ms DOUBLE PRECISION NOT NULL, tls_n BIGINT NOT NULL,
        request_ms DOUBLE PRECISION NOT NULL, request_n BIGINT NOT NULL, response_ms DOUBLE PRECISION NOT NULL, response_n BIGINT NOT NULL, dom_ms DOUBLE PRECISION NOT NULL, dom_n BIGINT NOT NULL, load_ms DOUBLE PRECISION NOT NULL, load_n BIGINT NOT NULL,
        sketches BYTEA NOT NULL,
        PRIMARY KEY (start, key_id)
      );
  `,
};
