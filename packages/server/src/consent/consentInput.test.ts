import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountingApp } from '../testing/ingestProperty.js';
import { createCountingApp } from '../testing/ingestProperty.js';

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp();
});
afterEach(async () => {
  await t.close();
});

const post = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/i/api/iabtcf/v1/consent',
    payload,
    headers: { 'content-type': 'application/json', 'x-csrf': t.session.token, cookie: t.session.cookie },
  });
const choices = () => t.count('SELECT COUNT(*) FROM consent_choices');

describe('POST /i/api/iabtcf/v1/consent: strict input', () => {
  it.each([
    ['constructor', '{"choice":"accept_all","constructor":{}}', 'body/constructor is a reserved name'],
    ['toString', '{"choice":"reject_all","toString":1}', 'body/toString is a reserved name'],
  ])('refuses a body with %s with a 400 naming it, storing nothing', async (_label, payload, reason) => {
    const response = await post(payload);
    expect(response.json()).toEqual({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason });
    expect(choices()).toBe(0);
    expect((await post('{"choice":"accept_all"}')).statusCode).toBe(200);
    expect(choices()).toBe(1);
  });

  it('refuses __proto__ as JSON it will not parse', async () => {
    const response = await post('{"choice":"accept_all","__proto__":{"x":1}}');
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'TARMAC_BAD_JSON' });
    expect(choices()).toBe(0);
  });
});
