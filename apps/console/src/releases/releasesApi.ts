import type { ReleaseDetail, ReleaseSummary } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';

/** The releases, newest first. */
export async function fetchReleases(client: ConsoleClient, signal?: AbortSignal): Promise<ReleaseSummary[]> {
  return (await client.get<{ releases: ReleaseSummary[] }>('/releases?limit=200', signal)).releases;
}

/** One release with its new and regressed groups and its source maps. */
export function fetchRelease(client: ConsoleClient, release: string, signal?: AbortSignal): Promise<ReleaseDetail> {
  return client.get<ReleaseDetail>(`/releases/${encodeURIComponent(release)}`, signal);
}

/** A byte count as the artifacts table shows it. */
export function byteSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** The CLI line that uploads a build's maps for `release`, shown where a release has none. */
export function uploadCommand(release: string): string {
  return `TARMAC_CONSOLE_TOKEN=… npx tarmac-sourcemaps upload --release ${release} --url-prefix '~/assets/' dist/`;
}
