import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountingApp } from '../testing/ingestProperty.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT_MS, checkIngest, createCountingApp, hostileString } from '../testing/ingestProperty.js';
import { ATTRIBUTION_MS, ATTRIBUTION_TEXT } from './attribution/contract.js';
import { NT_TIME_FIELDS } from './contract.js';

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp();
});
afterEach(async () => {
  await t.close();
});

type Pair = [name: string, value: string];

const navStart = Date.now() - 60_000;
const word = fc.stringMatching(/^[A-Za-z0-9 ._/-]{1,30}$/);
const validReport = fc
  .record(
    {
      id: fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/),
      nt_nav_st: fc.constant(navStart),
      nt_res_st: fc.integer({ min: navStart, max: navStart + 3_600_000 }),
      nt_nav_type: fc.constantFrom(0, 1, 2, 255),
      nt_trn_size: fc.nat(2 ** 31),
      wv_lcp: fc.double({ min: 0, max: 600_000, noNaN: true }),
      wv_cls: fc.double({ min: 0, max: 100, noNaN: true }),
      url: word.map((w) => `https://site.test/${encodeURIComponent(w)}`),
      vertical: word,
      pageId: word,
      // Attribution (perf/attribution/contract.ts): valid values of every kind of field.
      wa_lcp_target: fc.stringMatching(/^[a-z#.>0-9-]{1,200}$/),
      wa_lcp_url: word.map((w) => `https://cdn.test/${encodeURIComponent(w)}`),
      wa_lcp_resourceLoadDelay: fc.double({ min: 0, max: 600_000, noNaN: true }),
      wa_inp_type: fc.constantFrom('pointer', 'keyboard'),
      wa_inp_processingDuration: fc.double({ min: 0, max: 600_000, noNaN: true }),
      wa_cls_value: fc.double({ min: 0, max: 100, noNaN: true }),
      nav: fc.constant('hard'),
    },
    { requiredKeys: ['nt_nav_st', 'wv_lcp'] },
  )
  .map((fields) => Object.entries(fields).map(([name, value]): Pair => [name, String(value)]));

const form = (pairs: Pair[]) => pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');

// Form values are text; a hostile one is any string, sent percent-encoded where it can be and as
// typed where it cannot (a lone surrogate has no UTF-8 form).
const encodeLoosely = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
};
const nearValid = fc
  .tuple(validReport, fc.nat(), fc.constantFrom('set', 'delete', 'add', 'duplicate', 'raw'), fc.oneof(hostileString, fc.constantFrom(...NT_TIME_FIELDS, ...ATTRIBUTION_MS, ...Object.keys(ATTRIBUTION_TEXT), 'wa_inp_type', 'wa_cls_value', 'nav', 'id', 'wv_inp')), hostileString)
  .map(([pairs, at, kind, name, value]) => {
    const i = at % pairs.length;
    const out = pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`);
    if (kind === 'set') out[i] = `${encodeURIComponent(pairs[i]![0])}=${encodeLoosely(value)}`;
    if (kind === 'delete') out.splice(i, 1);
    if (kind === 'add') out.push(`${encodeLoosely(name)}=${encodeLoosely(value)}`);
    if (kind === 'duplicate') out.push(out[i]!);
    if (kind === 'raw') out[i] = `${out[i]}${value}`; // stray `%`, `&`, `=` and raw bytes as typed
    return out.join('&');
  });

const FORM = 'application/x-www-form-urlencoded';
const post = (payload: string | Buffer) => t.app.inject({ method: 'POST', url: '/s/run/perf', payload, headers: { 'content-type': FORM } });

// After a 2xx the report is a row: found by its id, or (without one) as one more row.
function stored(payload: string | Buffer): (before: Record<string, number>) => string | null {
  return (before) => {
    const id = new URLSearchParams(payload.toString()).get('id');
    if (id) return t.count('SELECT COUNT(*) FROM perf_reports WHERE client_id = ?', id) === 1 ? null : `report ${JSON.stringify(id)}`;
    return t.count('SELECT COUNT(*) FROM perf_reports') === (before.perf_reports ?? 0) + 1 ? null : 'a report without id';
  };
}

describe('POST /s/run/perf, for any body', () => {
  it('stores every valid report (204), once per report id (reports of old pages, without one, again)', async () => {
    await fc.assert(
      fc.asyncProperty(validReport, async (pairs) => {
        const payload = form(pairs);
        const id = pairs.find(([name]) => name === 'id')?.[1];
        const rows = t.count('SELECT COUNT(*) FROM perf_reports');
        // An earlier run may have sent the same (short) id already: then both posts are retries.
        const expected = id === undefined ? 2 : 1 - t.count('SELECT COUNT(*) FROM perf_reports WHERE client_id = ?', id);
        expect((await post(payload)).statusCode).toBe(204);
        expect((await post(payload)).statusCode).toBe(204);
        expect(t.count('SELECT COUNT(*) FROM perf_reports')).toBe(rows + expected);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers a near-valid report (one field changed, removed, added or repeated) with a 2xx that stores it, or a 4xx that stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(nearValid, async (payload) => {
        await checkIngest(t, () => post(payload), stored(payload));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers any text or any bytes with a 4xx that stores nothing, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileString, fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes))), async (payload) => {
        await checkIngest(t, () => post(payload), stored(payload));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);
});
