import type { installGppApi, UsnatData } from '../gpp/index.js';

/**
 * `installGppApi` of `@tarmac/platform/consent/gpp`, as the head script is handed it: the build
 * passes it in (scripts/lib/buildExtras.mjs), so consent/head itself never bundles the GPP code.
 */
export type InstallGppApi = typeof installGppApi;

/** Null unless `value` has the shape of {@link UsnatData}: a tampered block is not fed to `__gpp`. */
export function checkUsnatData(value: unknown): UsnatData | null {
  const data = value as UsnatData | null;
  if (!data || typeof data !== 'object') return null;
  const flags = [data.decided, data.saleOptOut, data.sharingOptOut, data.targetedAdvertisingOptOut, data.gpc];
  if (flags.some((flag) => typeof flag !== 'boolean')) return null;
  return data.updatedAt === null || typeof data.updatedAt === 'number' ? data : null;
}
