import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchQueue } from './batchQueue.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const sizeOf = (item: string) => item.length;

describe('createBatchQueue', () => {
  it('starts no timer until the first item arrives, then fires once per interval', () => {
    const onDue = vi.fn();
    const queue = createBatchQueue<string>({ onDue, flushIntervalMs: 1000, sizeOf });
    expect(vi.getTimerCount()).toBe(0);
    queue.push('a');
    queue.push('b');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('drops the oldest items beyond the byte cap and counts them', () => {
    const queue = createBatchQueue<string>({ onDue: () => undefined, maxBytes: 10, sizeOf });
    queue.push('aaaa');
    queue.push('bbbb');
    queue.push('cccc');
    expect(queue.dropped).toBe(1);
    expect(queue.bytes).toBe(8);
    expect(queue.take(10, 100)).toEqual(['bbbb', 'cccc']);
    expect(queue.bytes).toBe(0);
  });

  it('refuses an item larger than the whole cap without dropping others', () => {
    const queue = createBatchQueue<string>({ onDue: () => undefined, maxBytes: 5, sizeOf });
    queue.push('ok');
    expect(queue.push('far too long')).toBe(false);
    expect(queue.length).toBe(1);
    expect(queue.dropped).toBe(1);
  });

  it('takes at most maxItems and maxBytes, but always at least one item', () => {
    const queue = createBatchQueue<string>({ onDue: () => undefined, sizeOf });
    ['aaa', 'bbb', 'ccc', 'ddd'].forEach((item) => queue.push(item));
    expect(queue.take(3, 7)).toEqual(['aaa', 'bbb']);
    expect(queue.take(1, 100)).toEqual(['ccc']);
    expect(queue.take(5, 1)).toEqual(['ddd']);
    expect(queue.take(5, 100)).toEqual([]);
  });

  it('merges items with the same key while they wait, not after they left', () => {
    type Item = { text: string; count: number };
    const queue = createBatchQueue<Item>({
      onDue: () => undefined,
      coalesce: { key: (item) => item.text, merge: (into, from) => void (into.count += from.count) },
    });
    queue.push({ text: 'x', count: 1 });
    queue.push({ text: 'y', count: 1 });
    queue.push({ text: 'x', count: 1 });
    expect(queue.take(10, 1e6)).toEqual([
      { text: 'x', count: 2 },
      { text: 'y', count: 1 },
    ]);
    queue.push({ text: 'x', count: 1 });
    expect(queue.take(10, 1e6)).toEqual([{ text: 'x', count: 1 }]);
  });

  it('stop clears the queue and cancels the timer', () => {
    const onDue = vi.fn();
    const queue = createBatchQueue<string>({ onDue, sizeOf });
    queue.push('a');
    queue.stop();
    expect(queue.length).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(onDue).not.toHaveBeenCalled();
  });
});
