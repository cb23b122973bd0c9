import { describe, expect, it, vi } from 'vitest';
import { createConsoleClient, groupQuery, isUnauthorized } from './client';

function reply(status: number, body: unknown) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe('groupQuery', () => {
  it('leaves out unset filters and trims the search text', () => {
    expect(groupQuery({})).toBe('');
    expect(groupQuery({ q: '   ' })).toBe('');
    expect(groupQuery({ level: 3, product: 'demo', status: 'open', q: ' pay & go ', limit: 50 })).toBe(
      '?level=3&product=demo&status=open&q=pay+%26+go&limit=50',
    );
  });
});

describe('createConsoleClient', () => {
  it('sends the bearer token and parses the reply', async () => {
    const fetch = reply(200, { groups: [], products: ['demo'] });
    const client = createConsoleClient({ token: 's3cret', fetch });
    await expect(client.listGroups({ level: 4 })).resolves.toEqual({ groups: [], products: ['demo'] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/console/api/logs/groups?level=4');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer s3cret');
  });

  it('PUTs settings as JSON', async () => {
    const fetch = reply(200, { stopLogging: true });
    const client = createConsoleClient({ token: 't', baseUrl: 'http://x/api', fetch });
    await client.putSettings({ stopLogging: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://x/api/logs/settings');
    expect(init!.method).toBe('PUT');
    expect(JSON.parse(init!.body as string)).toEqual({ stopLogging: true });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends changes as JSON with their method, and no body when there is none', async () => {
    const fetch = reply(200, { status: 'resolved' });
    const client = createConsoleClient({ token: 't', fetch });
    await expect(client.send('PUT', '/logs/groups/g/status', { status: 'resolved' })).resolves.toEqual({ status: 'resolved' });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init!.method, init!.body]).toEqual(['/console/api/logs/groups/g/status', 'PUT', '{"status":"resolved"}']);
    await client.send('DELETE', '/x');
    expect(fetch.mock.calls[1]![1]!.body).toBeUndefined();
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('escapes the group id in the path', async () => {
    const fetch = reply(200, {});
    await createConsoleClient({ token: 't', fetch }).getGroup('a/b c');
    expect(fetch.mock.calls[0]![0]).toBe('/console/api/logs/groups/a%2Fb%20c');
  });

  it('turns a 401 into an error with the server reason', async () => {
    const fetch = reply(401, { statusCode: 401, code: 'TARMAC_CONSOLE_UNAUTHORIZED', reason: 'bad token' });
    const onUnauthorized = vi.fn();
    const error = await createConsoleClient({ token: 't', fetch, onUnauthorized }).checkSession().catch((e: unknown) => e);
    expect(isUnauthorized(error)).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
    expect(error).toMatchObject({ status: 401, code: 'TARMAC_CONSOLE_UNAUTHORIZED', message: 'bad token' });
  });

  it('describes a failure without a JSON body by its status', async () => {
    const fetch = vi.fn(async () => new Response('<html>oops</html>', { status: 502 }));
    const error = await createConsoleClient({ token: 't', fetch }).getSettings().catch((e: unknown) => e);
    expect(isUnauthorized(error)).toBe(false);
    expect(error).toMatchObject({ status: 502 });
    expect((error as Error).message).toBe('Request failed with status 502');
  });
});
