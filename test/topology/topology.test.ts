import type { Browser } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchChromium, visitDemo } from './support/browserPass.js';
import { CONSOLE_GROUPS_LISTED, consoleFigures, tableFigures } from './support/consoleFigures.js';
import { runLoadWithFaults } from './support/faultRun.js';
import { waitForDrained } from './support/jetStreamBacklog.js';
import { KINDS } from './support/loadGenerator.js';
import { connectTables, storedCounts, visitRows } from './support/storedItems.js';
import { startTopology, type Topology } from './support/topology.js';
import { waitFor } from './support/waitFor.js';

// Issue 10, "Topology proven in `npm test`": three instances on PostgreSQL through JetStream
// behind a balancer; a visitor in Chromium, then a load run during which an instance is
// SIGKILLed, NATS restarted and PostgreSQL restarted. Every acknowledged item is stored once.

const DRAIN_TIMEOUT_MS = 180_000;

let topology: Topology;
let db: pg.Pool;
let browser: Browser | undefined;

beforeAll(async () => {
  topology = await startTopology();
  db = connectTables(topology.postgres.url);
});

afterAll(async () => {
  await db?.end().catch(() => {});
  await browser?.close().catch(() => {});
  await topology?.stop();
});

const printOutputsOnFailure = () => onTestFailed(() => console.error(`instance output:\n${topology.outputs()}`));

describe('three instances behind a balancer, on PostgreSQL through JetStream', () => {
  it('every instance says so on /healthz', async () => {
    for (const instance of topology.instances) {
      const reply = await fetch(`${instance.url}/healthz`);
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({ ok: true, store: 'postgres', ingest: 'jetstream' });
    }
  });

  it('stores what a visitor does on the demo exactly once: consent, an error, page views, perf, signals', async () => {
    printOutputsOnFailure();
    browser = await launchChromium();
    const visit = await visitDemo(browser, topology.balancer.url);
    const hitIds = visit.hits.map((hit) => hit.id);
    // The first tab's view (sent once consent is given), Cars, Flights again.
    expect(visit.hits.filter((hit) => hit.event === 'page_view').length).toBeGreaterThanOrEqual(3);
    // Arrived (behind JetStream, the writers store a moment after the reply) and nothing pending.
    let seen: unknown;
    const arrival = waitFor(
      async () => {
        const rows = await visitRows(db, visit.startedAt, topology.runTag, hitIds);
        seen = rows;
        const arrived = rows.consentChoices && rows.uncaughtErrors && rows.perfReports && rows.signalReports && rows.analyticsHits >= hitIds.length;
        return arrived ? rows : undefined;
      },
      { timeoutMs: 60_000, what: () => `the visit's rows (last seen ${JSON.stringify(seen)}; replies: ${visit.replies.join(', ')})` },
    );
    await arrival.finally(() => visit.close());
    await waitForDrained(topology.nats.url, DRAIN_TIMEOUT_MS);
    const rows = await visitRows(db, visit.startedAt, topology.runTag, hitIds);
    console.log(`browser pass: ${JSON.stringify(rows)}; replies: ${visit.replies.join(', ')}`);
    expect(rows).toEqual({
      consentChoices: 1,
      uncaughtErrors: 1,
      perfReports: 1,
      signalReports: 1,
      analyticsHits: hitIds.length,
      hitIdsStoredOnce: hitIds.length,
      doubledLogs: 0,
    });
  });

  it('loses and doubles nothing acknowledged while an instance is killed, NATS and PostgreSQL restarted', async () => {
    printOutputsOnFailure();
    const window = { from: Date.now() - 60_000, to: 0 };
    const { stats, phases, durationMs } = await runLoadWithFaults(topology);
    const backlog = await waitForDrained(topology.nats.url, DRAIN_TIMEOUT_MS);
    const stored = await storedCounts(db, topology.runTag);

    const figures = KINDS.map((kind) => {
      const acked = stats.acknowledged[kind];
      const counts = stored[kind];
      return {
        kind,
        sent: stats.sent[kind].size,
        acknowledged: acked.size,
        stored: counts.size,
        missing: [...acked].filter((id) => !counts.has(id)),
        doubled: [...counts].filter(([, n]) => n > 1).map(([id]) => id),
        neverSent: [...counts.keys()].filter((id) => !stats.sent[kind].has(id)),
        storedUnacknowledged: [...counts.keys()].filter((id) => !acked.has(id)).length,
      };
    });
    console.log(
      [
        `fault run: ${(durationMs / 1000).toFixed(1)} s, ${stats.requests} requests, ${stats.retries} retries ${JSON.stringify(stats.retriesByCause)}`,
        ...phases.map((p) => `  ${p.name}: fault ${p.faultMs} ms, ${p.acknowledged} items acknowledged in ${(p.durationMs / 1000).toFixed(1)} s, ${stats.retriesByPhase[p.name] ?? 0} retries`),
        ...figures.map((f) => `  ${f.kind}: sent ${f.sent}, acknowledged ${f.acknowledged}, stored ${f.stored} (${f.storedUnacknowledged} without a 2xx), missing ${f.missing.length}, doubled ${f.doubled.length}`),
        `  JetStream after drain: ${JSON.stringify(backlog)}; balancer: ${JSON.stringify(topology.balancer.stats)}`,
      ].join('\n'),
    );

    expect(stats.refused).toEqual([]);
    for (const f of figures) {
      expect(f.acknowledged, `${f.kind}: items acknowledged`).toBeGreaterThan(0);
      expect(f.missing, `${f.kind}: acknowledged but not stored`).toEqual([]);
      expect(f.doubled, `${f.kind}: stored more than once`).toEqual([]);
      expect(f.neverSent, `${f.kind}: stored but never sent`).toEqual([]);
    }

    window.to = Date.now() + 60_000;
    const fromTables = await tableFigures(db, topology.runTag);
    expect(fromTables.perfReports).toBe(stored.perf.size);
    const fromConsole = await consoleFigures(topology.balancer.url, topology.consoleToken, topology.runTag, window);
    expect({ ...fromConsole, logGroups: undefined }).toEqual({ ...fromTables, logGroups: undefined });
    // Every group the console lists has the table's count, and it lists all it can.
    const listed = Object.keys(fromConsole.logGroups);
    expect(listed.length).toBe(Math.min(CONSOLE_GROUPS_LISTED, Object.keys(fromTables.logGroups).length));
    expect(fromConsole.logGroups).toEqual(Object.fromEntries(listed.map((group) => [group, fromTables.logGroups[group]])));
  });
});
