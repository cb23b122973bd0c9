import { describe, expect, it } from 'vitest';
import type { NewClientLog } from '../logs/ports.js';
import { perfReport } from '../perf/testing/reportFixture.js';
import type { StoredDropReport } from '../drops/contract.js';
import { itemKey } from './itemKey.js';

const record = (messageId: string) => ({ messageId }) as NewClientLog;
const drop = (id: string): StoredDropReport => ({ id, source: 'logs', product: 'demo', receivedAt: 1, counts: { queue_full: 2 } });
const logs = (ids: string[], dropped?: StoredDropReport) => ({ kind: 'logs' as const, batch: { records: ids.map(record), ignored: 0, dropped } });

describe('itemKey', () => {
  it('is the report id for perf, none for a report without one', () => {
    expect(itemKey({ kind: 'perf', report: perfReport({}, { id: 'r-1' }) })).toBe('perf:r-1');
    expect(itemKey({ kind: 'perf', report: perfReport() })).toBeNull();
  });

  it('is the same for a log batch re-sent in another order, and differs when an id or the drop report does', () => {
    const key = itemKey(logs(['a', 'b', 'c'], drop('d1')));
    expect(key).toMatch(/^logs:/);
    expect(itemKey(logs(['c', 'a', 'b'], drop('d1')))).toBe(key);
    expect(itemKey(logs(['a', 'b', 'x'], drop('d1')))).not.toBe(key);
    expect(itemKey(logs(['a', 'b', 'c'], drop('d2')))).not.toBe(key);
    expect(itemKey(logs(['a', 'b', 'c']))).not.toBe(key);
    // Ids cannot run into each other.
    expect(itemKey(logs(['ab', 'c']))).not.toBe(itemKey(logs(['a', 'bc'])));
  });

  it('keys analytics by hit ids, and gives no key when a hit has none', () => {
    const hit = (id?: string) => ({ type: 'pageview', receivedAt: 1, ...(id ? { id } : {}) }) as never;
    const key = itemKey({ kind: 'analytics', hits: [hit('h1'), hit('h2')] });
    expect(key).toMatch(/^analytics:/);
    expect(itemKey({ kind: 'analytics', hits: [hit('h2'), hit('h1')] })).toBe(key);
    expect(itemKey({ kind: 'analytics', hits: [hit('h1'), hit()] })).toBeNull();
    expect(itemKey({ kind: 'analytics', hits: [] })).toBeNull();
    expect(itemKey({ kind: 'analytics', hits: [], dropped: { ...drop('d9'), source: 'analytics', product: null } })).toMatch(/^analytics:/);
  });
});
