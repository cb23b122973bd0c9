import { describe, expect, it } from 'vitest';
import { testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

const post = (payload: string | Buffer) =>
  t.app.inject({ method: 'POST', url: '/s/run/perf', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const stored = async () => (await t.storage.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 100 })).length;

describe('POST /s/run/perf: strict input', () => {
  it.each([
    ['a field sent twice (no "last one wins")', 'wv_lcp=1200&wv_lcp=900', 'body/wv_lcp is sent more than once'],
    ['raw bytes that are not UTF-8', Buffer.from([...Buffer.from('wv_lcp=1&pageId='), 0xc3, 0x28]), 'body is not valid UTF-8'],
    ['an escape that is not UTF-8', 'wv_lcp=1&pageId=%ff', 'body/pageId is not valid percent-encoded UTF-8'],
    ['a NUL in pageId', 'wv_lcp=1&pageId=home%00', 'pageId must not contain control characters or unpaired surrogates'],
    ['a control character in vertical', 'wv_lcp=1&vertical=a%1b', 'vertical must not contain control characters'],
    ['a reserved field name', 'wv_lcp=1&constructor=x', 'body/constructor is a reserved name'],
    ['an id of unsafe characters', 'wv_lcp=1&id=a%20b', 'id must be 1..64 characters of A-Z a-z 0-9 . _ : -'],
    ['a vital of 1e300', 'wv_lcp=1e300', 'wv_lcp must be between 0 and 600000'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_label, payload, reason) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason: expect.stringContaining(reason) });
    expect(await stored()).toBe(0);
  });

  it('reads a prototype name among the fields as absent, not as what objects inherit', async () => {
    // `hasOwnProperty` is refused; an unknown but harmless name is dropped as before.
    expect((await post('wv_lcp=1&hasOwnProperty=1')).statusCode).toBe(400);
    expect((await post('wv_lcp=1&nt_domloading=5')).statusCode).toBe(204);
    expect(await stored()).toBe(1);
  });
});

describe('POST /s/run/perf: each report once', () => {
  it('stores a re-sent report once by its id, and keeps the id', async () => {
    const body = 'id=lx2k9a0f3qz&wv_lcp=1800&vertical=flights&pageId=home';
    expect((await post(body)).statusCode).toBe(204);
    expect((await post(body)).statusCode).toBe(204);
    const reports = await t.storage.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 10 });
    expect(reports.map((r) => [r.id, r.vitals.wv_lcp])).toEqual([['lx2k9a0f3qz', 1800]]);
    expect((await post('id=other&wv_lcp=1800')).statusCode).toBe(204);
    expect(await stored()).toBe(2);
  });

  it('stores reports of pages older than ids (none sent) every time, as before', async () => {
    await post('wv_lcp=1800');
    await post('wv_lcp=1800');
    expect(await stored()).toBe(2);
  });
});
