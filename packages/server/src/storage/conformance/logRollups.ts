import { describe, expect, it } from 'vitest';
import type { NewClientLog, OccurrenceBucket } from '../../logs/ports.js';
import { logGrid } from '../../rollups/logGrid.js';
import { releaseOf } from '../../logs/releaseContract.js';
import { bucketStart } from '../../rollups/timeGrid.js';
import { DAY, HOUR, logBatch, MINUTE, releaseRecord, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const NOW = T0 + 3 * DAY;
const GROUPS = ['g-1', 'g-2', 'g-3'];
const RELEASES = ['r1', 'r2', null];

/** What the rollups must answer, computed from the messages themselves. */
function expected(records: readonly NewClientLog[], groupIds: readonly string[], grid: { from: number; to: number; bucketMs: number }) {
  const { from, to, bucketMs } = logGrid(grid);
  const sums = new Map<string, OccurrenceBucket>();
  for (const r of records) {
    if (!groupIds.includes(r.groupId) || r.receivedAt < from || r.receivedAt >= to) continue;
    const row = { groupId: r.groupId, release: releaseOf(r.context), start: bucketStart(r.receivedAt, bucketMs), count: 0 };
    const key = `${row.groupId} ${row.release} ${row.start}`;
    (sums.get(key) ?? sums.set(key, row).get(key)!).count += r.occurrences;
  }
  return sorted([...sums.values()]);
}
const sorted = (rows: readonly OccurrenceBucket[]) =>
  [...rows].sort((a, b) => a.start - b.start || a.groupId.localeCompare(b.groupId) || String(a.release).localeCompare(String(b.release)));

/**
 * The occurrence rollups of client logs (per hour and day × group × release): kept on ingest for
 * new messages only, and read back over any window as the sum over the messages themselves.
 */
export function describeLogRollups(open: OpenStore): void {
  describe('logs ports: occurrence rollups', () => {
    const store = storePerTest(open);
    const send = (records: NewClientLog[]) => store().ingest.logs.insertClientLogs(logBatch(records));
    const read = (groupIds: string[], from: number, to: number, bucketMs: number) =>
      store().query.logs.occurrenceBuckets(groupIds, { from, to, bucketMs }, NOW);

    it('counts a re-sent message id once, in another batch, the same batch or a redelivered pull', async () => {
      const m1 = releaseRecord('m1', 'r1', { receivedAt: T0 + 10 * HOUR + 5 * MINUTE, occurrences: 3 });
      const m2 = releaseRecord('m2', 'r1', { receivedAt: T0 + 10 * HOUR + 6 * MINUTE, occurrences: 4 });
      await send([m1, m1]);
      await send([m1, m2]);
      const pull = [{ kind: 'logs' as const, batch: logBatch([m2, releaseRecord('m3', 'r1', { receivedAt: m2.receivedAt })]) }];
      await store().ingest.writeBatch(pull);
      await store().ingest.writeBatch(pull);
      const hours = await read(['g-1'], T0, T0 + DAY, HOUR);
      expect(hours).toEqual([{ groupId: 'g-1', release: 'r1', start: T0 + 10 * HOUR, count: 8 }]);
      expect(await read(['g-1'], T0, T0 + 7 * DAY, DAY)).toEqual([{ groupId: 'g-1', release: 'r1', start: T0, count: 8 }]);
      expect((await store().query.logs.getLogGroup('g-1'))?.group.count).toBe(8);
    });

    it('splits a group by release, messages without one apart', async () => {
      const at = T0 + 5 * HOUR + 30 * MINUTE;
      await send([
        releaseRecord('a', 'r1', { receivedAt: at, occurrences: 2 }),
        releaseRecord('b', 'r2', { receivedAt: at + MINUTE }),
        releaseRecord('c', null, { receivedAt: at + 2 * MINUTE, occurrences: 5 }),
        releaseRecord('d', 'r1', { receivedAt: at + HOUR }),
        releaseRecord('e', 'r2', { receivedAt: at, groupId: 'g-2', occurrences: 7 }),
      ]);
      expect(sorted(await read(['g-1'], T0, T0 + DAY, HOUR))).toEqual([
        { groupId: 'g-1', release: 'r1', start: T0 + 5 * HOUR, count: 2 },
        { groupId: 'g-1', release: 'r2', start: T0 + 5 * HOUR, count: 1 },
        { groupId: 'g-1', release: null, start: T0 + 5 * HOUR, count: 5 },
        { groupId: 'g-1', release: 'r1', start: T0 + 6 * HOUR, count: 1 },
      ].sort((a, b) => a.start - b.start || String(a.release).localeCompare(String(b.release))));
      expect(await read(['g-2', 'unknown'], T0, T0 + DAY, HOUR)).toEqual([{ groupId: 'g-2', release: 'r2', start: T0 + 5 * HOUR, count: 7 }]);
      expect(await read([], T0, T0 + DAY, HOUR)).toEqual([]);
    });

    it('orders rows of one bucket alike on every engine: by group, then release, none last', async () => {
      const at = T0 + 7 * HOUR + 10 * MINUTE;
      // Written in an order that is neither the expected one nor its reverse; equal counts throughout.
      await send([
        releaseRecord('t1', 'r2', { receivedAt: at, groupId: 'g-2' }),
        releaseRecord('t2', null, { receivedAt: at, groupId: 'g-1' }),
        releaseRecord('t3', 'r10', { receivedAt: at + MINUTE, groupId: 'g-1' }),
        releaseRecord('t4', 'R1', { receivedAt: at, groupId: 'g-2' }),
        releaseRecord('t5', 'r2', { receivedAt: at + 2 * MINUTE, groupId: 'g-1' }),
        releaseRecord('t6', 'r1', { receivedAt: at - HOUR, groupId: 'g-2' }),
      ]);
      const bucket = (groupId: string, release: string | null, start = T0 + 7 * HOUR) => ({ groupId, release, start, count: 1 });
      expect(await read(['g-2', 'g-1'], T0, T0 + DAY, HOUR)).toEqual([
        bucket('g-2', 'r1', T0 + 6 * HOUR),
        bucket('g-1', 'r10'), bucket('g-1', 'r2'), bucket('g-1', null), bucket('g-2', 'R1'), bucket('g-2', 'r2'),
      ]);
    });

    it('answers any window, across hours and days, as the sum over the messages in it', async () => {
      // Three days of messages at irregular times, groups, releases and folded counts.
      const records: NewClientLog[] = [];
      for (let i = 0; i < 240; i++) {
        const receivedAt = T0 + ((i * 7_919 * MINUTE) % (3 * DAY)) + (i % 60) * 1_000;
        records.push(releaseRecord(`m${i}`, RELEASES[i % 3]!, { groupId: GROUPS[i % 5 === 0 ? 2 : i % 2]!, receivedAt, occurrences: 1 + (i % 4) }));
      }
      for (let i = 0; i < records.length; i += 20) await send(records.slice(i, i + 20));
      const windows = [
        { from: T0 + 3 * HOUR + 17 * MINUTE, to: T0 + 2 * DAY + 5 * HOUR + 1, bucketMs: HOUR },
        { from: T0 + 20 * HOUR, to: T0 + 3 * DAY - 2 * HOUR, bucketMs: DAY },
        { from: T0 - DAY, to: NOW, bucketMs: DAY },
        { from: T0 + 30 * MINUTE, to: T0 + 2 * HOUR, bucketMs: 5 * MINUTE },
      ];
      for (const window of windows) {
        const answer = await read(['g-1', 'g-3'], window.from, window.to, window.bucketMs);
        expect(sorted(answer), JSON.stringify(window)).toEqual(expected(records, ['g-1', 'g-3'], window));
      }
      const all = await read(GROUPS, T0 - DAY, NOW, DAY);
      expect(all.reduce((n, b) => n + b.count, 0)).toBe(records.reduce((n, r) => n + r.occurrences, 0));
    });
  });
}
