import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { byteSize, fetchRelease, fetchReleases, uploadCommand } from './releasesApi';

describe('releases API', () => {
  it('lists releases and reads one, its name escaped', async () => {
    const get = vi.fn().mockResolvedValueOnce({ releases: [{ release: 'r1' }] }).mockResolvedValueOnce({ release: {} });
    const client = { get } as unknown as ConsoleClient;
    await expect(fetchReleases(client)).resolves.toEqual([{ release: 'r1' }]);
    await fetchRelease(client, 'shop@1.2+b');
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/releases?limit=200', '/releases/shop%401.2%2Bb']);
  });

  it('formats sizes and the upload command', () => {
    expect([byteSize(999), byteSize(1500), byteSize(2_345_678)]).toEqual(['999 B', '1.5 KB', '2.35 MB']);
    expect(uploadCommand('2026.11.1')).toContain('--release 2026.11.1');
  });
});
