import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { fetchDrops } from './dropsApi';

describe('fetchDrops', () => {
  it('asks for the last hours ending now and passes the abort signal on', async () => {
    const reply = { totals: [] };
    const get = vi.fn().mockResolvedValue(reply);
    const signal = new AbortController().signal;
    await expect(fetchDrops({ get } as unknown as ConsoleClient, 24, signal, 100_000_000)).resolves.toBe(reply);
    expect(get).toHaveBeenCalledWith('/drops?from=13600000&to=100000000', signal);
  });
});
