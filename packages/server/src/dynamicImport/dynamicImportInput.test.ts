import { describe, expect, it } from 'vitest';
import { postJson, testAppForEachTest } from '../testing/testApp.js';
import { writeTestBuild } from './testing/testBuild.js';

const t = testAppForEachTest();
const post = (body: unknown) => postJson(t.app, '/a/api/dynamic/import', body);

describe('POST /a/api/dynamic/import: strict input', () => {
  it.each(['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'])(
    'answers componentPath %j with 404 (unknown component), not a 5xx from the object prototype',
    async (componentPath) => {
      writeTestBuild(t.siteDir);
      const response = await post({ componentPath });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, code: 'TARMAC_UNKNOWN_COMPONENT', reason: `No dynamic component "${componentPath}"` });
    },
  );

  it('reads a locale or loaded component named after a prototype key as unknown', async () => {
    writeTestBuild(t.siteDir);
    const response = await post({ componentPath: 'widgets/deals', locale: 'constructor', loadedComponents: ['__proto__', 'toString'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stringMap: { 'deals.title': 'Deals' }, scripts: ['/assets/cards-1.js', '/assets/deals-1.js'] });
  });

  it.each([
    ['a reserved key in mappings', { mappings: { toString: '/x.js' } }, 'body/mappings/toString is a reserved name'],
    ['a NUL in a loaded component', { loadedComponents: ['a\u0000'] }, 'body/loadedComponents/0 must not contain control characters or unpaired surrogates'],
    ['a lone surrogate in locale', { locale: 'e\ud800' }, 'body/locale must not contain control characters or unpaired surrogates'],
  ])('refuses %s with a 400 naming the field', async (_label, fields, reason) => {
    writeTestBuild(t.siteDir);
    const response = await post({ componentPath: 'widgets/deals', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason });
  });
});
