import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../testing/testApp.js';
import { createTestApp } from '../testing/testApp.js';

// Every route the app registers, seen as it is added: the Fastify factory is wrapped so the
// recording hook is on the root instance before buildApp adds anything. A console route added
// later, wherever it is registered, is in this list and so in the test below.
const routes = vi.hoisted(() => [] as Array<Pick<RouteOptions, 'method' | 'url'>>);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const recording = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => void routes.push({ method: route.method, url: route.url }));
    return app;
  }) as typeof actual.default;
  return { ...actual, default: recording };
});

const methodsOf = (method: RouteOptions['method']) => (Array.isArray(method) ? method : [method]) as string[];
// Path parameters get a plausible value, so a route's own checks would pass if the gate did not stop it.
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) && name !== 'groupId' ? '1' : 'x'));

let t: TestApp;
beforeAll(async () => {
  // Refused tokens are not rate limited here: every route is tried, twice.
  t = await createTestApp({ rateLimits: { ingestPerMinute: 0, authFailuresPerMinute: 0 } });
});
afterAll(() => t.close());

describe('the console API gate', () => {
  const consoleRoutes = () => routes.filter((route) => route.url.startsWith('/console/api/'));

  it('covers the routes of every console view', () => {
    const urls = new Set(consoleRoutes().map((route) => route.url));
    for (const url of [
      '/console/api/session',
      '/console/api/logs/groups',
      '/console/api/logs/groups/:groupId/breadcrumbs',
      '/console/api/releases',
      '/console/api/vitals/summary',
      '/console/api/analytics/summary',
      '/console/api/drops',
      '/console/api/consent/summary',
      '/console/api/signals/summary',
      '/console/api/signals/key/rotate',
      '/console/api/alerts/rules',
      '/console/api/alerts/rules/:id/test',
    ]) {
      expect(urls, url).toContain(url);
    }
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer not-the-token' }],
  ])('answers 401 on every route under /console/api with %s', async (_label, headers: Record<string, string>) => {
    const answers: string[] = [];
    for (const route of consoleRoutes()) {
      for (const method of methodsOf(route.method)) {
        const response = await t.app.inject({ method: method as 'GET', url: concrete(route.url), headers });
        answers.push(`${method} ${route.url} ${response.statusCode}`);
      }
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });
});
