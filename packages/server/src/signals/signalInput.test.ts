import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formTokenFor, SESSION_COOKIE } from '../site/formToken.js';
import { testAppForEachTest, TEST_SESSION_SECRET } from '../testing/testApp.js';
import { readPayload } from './readPayload.js';
import { payloadForTest, personSignals } from './testing/sealForTest.js';
import { judgeSignals } from './verdict.js';

const reasonOf = (value: unknown): string => {
  try {
    readPayload(typeof value === 'string' ? value : JSON.stringify(value));
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return 'accepted';
};
const screen = personSignals().screen;
const withSignals = (signals: Record<string, unknown>) => ({ ...payloadForTest(), signals: { ...personSignals(), ...signals } });

describe('readPayload: strict input', () => {
  it.each([
    ['toString in a nested object', withSignals({ screen: { ...screen, toString: 1 } }), 'payload/signals/screen/toString is not a known field'],
    ['constructor among the signals', withSignals({ constructor: {} }), 'payload/signals/constructor is not a known field'],
    ['__proto__ at the top', `{"__proto__":{},${JSON.stringify(payloadForTest()).slice(1)}`, 'payload/__proto__ is not a known field'],
    ['an unknown top-level field', { ...payloadForTest(), extra: 1 }, 'payload/extra is not a known field'],
    ['a screen width of 1e300', withSignals({ screen: { ...screen, width: 1e300 } }), 'payload/signals/screen/width must be an integer from 0 to 100000'],
    ['a negative screen height', withSignals({ screen: { ...screen, height: -1 } }), 'payload/signals/screen/height'],
    ['a fractional screen width', withSignals({ screen: { ...screen, availWidth: 1.5 } }), 'payload/signals/screen/availWidth'],
    ['a pixel ratio of 33', withSignals({ screen: { ...screen, pixelRatio: 33 } }), 'payload/signals/screen/pixelRatio must be a number from 0 to 32'],
    ['a colour depth of 65', withSignals({ screen: { ...screen, colorDepth: 65 } }), 'payload/signals/screen/colorDepth'],
    ['a time-zone offset of two days', withSignals({ timeZone: { name: 'UTC', offset: 2880 } }), 'payload/signals/timeZone/offset must be a number from -1440 to 1440'],
    ['1e9 touch points', withSignals({ touch: { maxTouchPoints: 1e9, touchEvent: false, touchStart: false } }), 'payload/signals/touch/maxTouchPoints'],
    ['a ts of 1e308', { ...payloadForTest(), ts: 1e308 }, 'payload/ts must be an integer from 946684800000 to 4102444800000'],
  ])('refuses %s, naming the field', (_label, value, reason) => {
    const got = reasonOf(value);
    expect(got).toMatch(/^TARMAC_SIGNALS_BAD_PAYLOAD: /);
    expect(got).toContain(reason);
  });

  it('accepts what a real browser reports, edges included', () => {
    const edges = withSignals({ screen: { width: 0, height: 0, availWidth: 100_000, availHeight: 0, colorDepth: 48, pixelRatio: 0.25 }, timeZone: { name: 'Pacific/Kiritimati', offset: -840 } });
    expect(reasonOf(edges)).toBe('accepted');
  });
});

describe('judgeSignals', () => {
  it('weighs hint names that Object.prototype carries as unknown ones, not as a function', () => {
    const verdict = judgeSignals(personSignals({ automation: ['__proto__', 'toString', 'constructor'] }), null);
    expect(verdict).toEqual({ score: 30, automation: false, reasons: ['__proto__', 'constructor', 'toString'] });
  });
});

describe('POST /a/api/signals: the form itself', () => {
  const t = testAppForEachTest();
  const sid = randomBytes(32).toString('base64url');
  const token = formTokenFor(TEST_SESSION_SECRET, sid);
  const post = (payload: string | Buffer) =>
    t.app.inject({ method: 'POST', url: '/a/api/signals/fallback', payload, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${SESSION_COOKIE}=${sid}` } });

  it.each([
    ['a token sent twice', `token=${token}&token=${token}`, 'body/token is sent more than once'],
    ['bytes that are not UTF-8', Buffer.concat([Buffer.from(`token=${token}&x=`), Buffer.from([0xff])]), 'body is not valid UTF-8'],
    ['a reserved field name', `token=${token}&__proto__=1`, 'body/__proto__ is a reserved name'],
  ])('refuses %s with a 400, storing nothing', async (_label, payload, reason) => {
    const response = await post(payload);
    expect(response.json()).toEqual({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason });
    expect((await t.storage.query.signals.signalSummary({ since: 0, bucketMs: 3_600_000 })).totals.fallback).toBe(0);
    expect((await post(`token=${token}`)).statusCode).toBe(200);
  });
});
