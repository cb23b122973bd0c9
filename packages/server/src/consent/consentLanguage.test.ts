import { TCString } from '@iabtechlabtcf/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentData } from './contract.js';
import { consentSession } from './testing/consentSession.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('consent language of the TC string', () => {
  it('is the language the visitor chose in, decoded by the IAB library', async () => {
    for (const [language, expected] of [['es', 'ES'], ['en', 'EN'], [undefined, 'EN']] as const) {
      for (const choice of ['accept_all', 'reject_all'] as const) {
        const s = await consentSession(t.app);
        const reply = await s.save({ choice, ...(language ? { language } : {}) });
        expect(reply.statusCode).toBe(200);
        const { tcString } = reply.json<ConsentData>();
        expect(TCString.decode(tcString).consentLanguage).toBe(expected);
        // the returning visitor gets the same string back, language included
        expect(TCString.decode((await s.get()).json<ConsentData>().tcString).consentLanguage).toBe(expected);
      }
    }
  });

  it('a custom choice in Spanish keeps its selection', async () => {
    const s = await consentSession(t.app);
    const { tcString } = (await s.save({ choice: 'custom', purposes: [1, 8], language: 'es' })).json<ConsentData>();
    const model = TCString.decode(tcString);
    expect(model.consentLanguage).toBe('ES');
    expect([...model.purposeConsents.values()]).toEqual([1, 8]);
  });
});
