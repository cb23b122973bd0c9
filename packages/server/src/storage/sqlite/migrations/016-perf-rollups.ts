import type { Migration } from './migration.js';

/**
 * Migration 16: perf rollups, one table per level (minute, hour, UTC day), a row per start × page.
 * The page is an integer id into perf_rollup_keys, so millions of rows do not repeat its text.
 * Numbers are sums; `sketches` holds the six vitals' DDSketches (rollups/sketchCodec.ts). The
 * primary key leads with `start`: every read is a range of starts, and so is retention's purge.
 */
export const migration: Migration = {
  version: 16,
  name: 'perf rollups',
  sql: `
    CREATE TABLE perf_rollup_keys (
      id INTEGER PRIMARY KEY,
      dims TEXT NOT NULL UNIQUE,
      vertical TEXT,
      page_id TEXT,
      sub_page_id TEXT
    );
    CREATE TABLE perf_rollup_minute (
        start INTEGER NOT NULL,
        key_id INTEGER NOT NULL,
        reports INTEGER NOT NULL,
        lcp_good INTEGER NOT NULL, lcp_ni INTEGER NOT NULL, lcp_poor INTEGER NOT NULL, cls_good INTEGER NOT NULL, cls_ni INTEGER NOT NULL, cls_poor INTEGER NOT NULL, inp_good INTEGER NOT NULL, inp_ni INTEGER NOT NULL, inp_poor INTEGER NOT NULL,
        fid_good INTEGER NOT NULL, fid_ni INTEGER NOT NULL, fid_poor INTEGER NOT NULL, fcp_good INTEGER NOT NULL, fcp_ni INTEGER NOT NULL, fcp_poor INTEGER NOT NULL, ttfb_good INTEGER NOT NULL, ttfb_ni INTEGER NOT NULL, ttfb_poor INTEGER NOT NULL,
        redirect_ms REAL NOT NULL, redirect_n INTEGER NOT NULL, dns_ms REAL NOT NULL, dns_n INTEGER NOT NULL, connect_ms REAL NOT NULL, connect_n INTEGER NOT NULL, tls_ms REAL NOT NULL, tls_n INTEGER NOT NULL,
        request_ms REAL NOT NULL, request_n INTEGER NOT NULL, response_ms REAL NOT NULL, response_n INTEGER NOT NULL, dom_ms REAL NOT NULL, dom_n INTEGER NOT NULL, load_ms REAL NOT NULL, load_n INTEGER NOT NULL,
        sketches BLOB NOT NULL,
        PRIMARY KEY (start, key_id)
      );
    CREATE TABLE perf_rollup_hour (
        start INTEGER NOT NULL,
        key_id INTEGER NOT NULL,
        reports INTEGER NOT NULL,
        lcp_good INTEGER NOT NULL, lcp_ni INTEGER NOT NULL, lcp_poor INTEGER NOT NULL, cls_good INTEGER NOT NULL, cls_ni INTEGER NOT NULL, cls_poor INTEGER NOT NULL, inp_good INTEGER NOT NULL, inp_ni INTEGER NOT NULL, inp_poor INTEGER NOT NULL,
        fid_good INTEGER NOT NULL, fid_ni INTEGER NOT NULL, fid_poor INTEGER NOT NULL, fcp_good INTEGER NOT NULL, fcp_ni INTEGER NOT NULL, fcp_poor INTEGER NOT NULL, ttfb_good INTEGER NOT NULL, ttfb_ni INTEGER NOT NULL, ttfb_poor INTEGER NOT NULL,
        redirect_ms REAL NOT NULL, redirect_n INTEGER NOT NULL, dns_ms REAL NOT NULL, dns_n INTEGER NOT NULL, connect_ms REAL NOT NULL, connect_n INTEGER NOT NULL, tls_ms REAL NOT NULL, tls_n INTEGER NOT NULL,
        request_ms REAL NOT NULL, request_n INTEGER NOT NULL, response_ms REAL NOT NULL, response_n INTEGER NOT NULL, dom_ms REAL NOT NULL, dom_n INTEGER NOT NULL, load_ms REAL NOT NULL, load_n INTEGER NOT NULL,
        sketches BLOB NOT NULL,
        PRIMARY KEY (start, key_id)
      );
    CREATE TABLE perf_rollup_day (
        start INTEGER NOT NULL,
        key_id INTEGER NOT NULL,
        reports INTEGER NOT NULL,
        lcp_good INTEGER NOT NULL, lcp_ni INTEGER NOT NULL, lcp_poor INTEGER NOT NULL, cls_good INTEGER NOT NULL, cls_ni INTEGER NOT NULL, cls_poor INTEGER NOT NULL, inp_good INTEGER NOT NULL, inp_ni INTEGER NOT NULL, inp_poor INTEGER NOT NULL,
        fid_good INTEGER NOT NULL, fid_ni INTEGER NOT NULL, fid_poor INTEGER NOT NULL, fcp_good INTEGER NOT NULL, fcp_ni INTEGER NOT NULL, fcp_poor INTEGER NOT NULL, ttfb_good INTEGER NOT NULL, ttfb_ni INTEGER NOT NULL, ttfb_poor INTEGER NOT NULL,
        redirect_ms REAL NOT NULL, redirect_n INTEGER NOT NULL, dns_ms REAL NOT NULL, dns_n INTEGER NOT NULL, connect_ms REAL NOT NULL, connect_n INTEGER NOT NULL, tls_ms REAL NOT NULL, tls_n INTEGER NOT NULL,
        request_ms REAL NOT NULL, request_n INTEGER NOT NULL, response_ms REAL NOT NULL, response_n INTEGER NOT NULL, dom_ms REAL NOT NULL, dom_n INTEGER NOT NULL, load_ms REAL NOT NULL, load_n INTEGER NOT NULL,
        sketches BLOB NOT NULL,
        PRIMARY KEY (start, key_id)
      );
  `,
};
