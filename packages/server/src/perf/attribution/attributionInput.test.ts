import { describe, expect, it } from 'vitest';
import { testAppForEachTest } from '../../testing/testApp.js';

const t = testAppForEachTest();

const post = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/s/run/perf', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const list = () => t.storage.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 100 });
const q = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('POST /s/run/perf: attribution fields', () => {
  it('stores every attribution field and the navigation kind, as numbers and scrubbed text', async () => {
    const response = await post(
      q({
        wv_lcp: '2500',
        wv_inp: '300',
        wa_lcp_target: 'main>img.hero',
        wa_lcp_url: 'https://cdn.test/hero.jpg?token=secret#x',
        wa_lcp_timeToFirstByte: '100',
        wa_lcp_resourceLoadDelay: '1400.5',
        wa_lcp_resourceLoadDuration: '800',
        wa_lcp_elementRenderDelay: '199.5',
        wa_inp_target: 'button#buy',
        wa_inp_type: 'pointer',
        wa_inp_scriptFunction: 'mail jane@example.com',
        wa_cls_value: '0.25',
        nav: 'soft',
      }),
    );
    expect(response.statusCode).toBe(204);
    const [report] = await list();
    expect(report!.nav).toBe('soft');
    expect(report!.attribution).toEqual({
      wa_lcp_target: 'main>img.hero',
      wa_lcp_url: 'https://cdn.test/hero.jpg',
      wa_lcp_timeToFirstByte: 100,
      wa_lcp_resourceLoadDelay: 1400.5,
      wa_lcp_resourceLoadDuration: 800,
      wa_lcp_elementRenderDelay: 199.5,
      wa_inp_target: 'button#buy',
      wa_inp_type: 'pointer',
      wa_inp_scriptFunction: 'mail {email}',
      wa_cls_value: 0.25,
    });
  });

  it('stores a report without attribution as before: attribution null, navigation hard', async () => {
    expect((await post('wv_lcp=1200')).statusCode).toBe(204);
    expect(await list()).toMatchObject([{ nav: 'hard', attribution: null }]);
  });

  it.each([
    ['a selector past 200 characters', { wa_lcp_target: 'a'.repeat(201) }, 'wa_lcp_target must be at most 200 characters'],
    ['a URL past 500 characters', { wa_lcp_url: `https://x.test/${'a'.repeat(490)}` }, 'wa_lcp_url must be at most 500 characters'],
    ['a function name past 100 characters', { wa_inp_scriptFunction: 'f'.repeat(101) }, 'wa_inp_scriptFunction must be at most 100'],
    ['a control character in a selector', { wa_cls_target: 'div\u0007' }, 'wa_cls_target must not contain control characters'],
    ['a negative subpart', { wa_lcp_resourceLoadDelay: '-1' }, 'wa_lcp_resourceLoadDelay must be a number between 0 and 600000'],
    ['a subpart past 600000 ms', { wa_inp_inputDelay: '600001' }, 'wa_inp_inputDelay must be a number between 0 and 600000'],
    ['a subpart that is not a number', { wa_inp_presentationDelay: '12ms' }, 'wa_inp_presentationDelay must be a number'],
    ['a shift value past 100', { wa_cls_value: '101' }, 'wa_cls_value must be a number between 0 and 100'],
    ['an unknown interaction type', { wa_inp_type: 'touch' }, 'wa_inp_type must be pointer or keyboard'],
    ['an unknown navigation kind', { nav: 'medium' }, 'nav must be hard or soft'],
    ['a soft navigation carrying the first load’s timing', { nav: 'soft', nt_nav_st: String(Date.now() - 5000) }, 'a soft navigation report carries no nt_ fields'],
  ])('refuses the whole report for %s (400 naming the field, nothing stored)', async (_label, fields, reason) => {
    const response = await post(q({ wv_lcp: '1200', wa_lcp_target: 'img', ...fields }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason: expect.stringContaining(reason) });
    expect(await list()).toHaveLength(0);
  });
});
