import { describe, expect, it } from 'vitest';
import { consoleAuth, testAppForEachTest } from '../testing/testApp.js';
import { newClientLog } from '../testing/fixtures.js';

const t = testAppForEachTest();
const get = (url: string, headers: Record<string, string> = consoleAuth) => t.app.inject({ method: 'GET', url, headers });

describe('GET /console/api/logs/groups/:groupId/breadcrumbs', () => {
  it('gives the trails of the group’s occurrences that carry one, newest occurrence first', async () => {
    await t.storage.ingest.logs.insertClientLogs({
      records: [
        newClientLog({ messageId: 'a', receivedAt: 1_000, context: { 'crumbs.0': '900 click button#pay "Pay"\n800 nav /checkout' } }),
        newClientLog({ messageId: 'b', receivedAt: 2_000, context: { r9Version: '1.2.0' } }),
        newClientLog({ messageId: 'c', receivedAt: 3_000, context: { 'crumbs.0': '2900 console error boom' } }),
      ],
      ignored: 0,
    });
    const response = await get('/console/api/logs/groups/g-1/breadcrumbs');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      groupId: 'g-1',
      occurrences: [
        { occurrenceId: 'c', receivedAt: 3_000, url: 'https://example.test/flights', breadcrumbs: [{ at: 2900, category: 'console', level: 'error', message: 'boom' }] },
        {
          occurrenceId: 'a', receivedAt: 1_000, url: 'https://example.test/flights',
          breadcrumbs: [
            { at: 800, category: 'navigation', message: '/checkout' },
            { at: 900, category: 'click', message: 'button#pay "Pay"' },
          ],
        },
      ],
    });
  });

  it('answers 404 for an unknown group and 401 without the console token', async () => {
    expect((await get('/console/api/logs/groups/nope/breadcrumbs')).json()).toMatchObject({ statusCode: 404, code: 'TARMAC_NOT_FOUND' });
    expect((await get('/console/api/logs/groups/g-1/breadcrumbs', {})).json()).toMatchObject({ statusCode: 401, code: 'TARMAC_CONSOLE_UNAUTHORIZED' });
  });
});
