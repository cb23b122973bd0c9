// SEAM (issue 22): the GPP handler is the `gpp` helper's `@tarmac/platform/consent/gpp`
// (contract §4). Until that entry is merged these are its interfaces as the contract fixes them;
// once it is, import `GppHandler`, `UsnatData` and `installGppApi`'s options type from '../gpp/index.js'
// and delete this file. The head script receives `installGppApi` from the build
// (scripts/lib/buildExtras.mjs passes it when dist/consent/gpp exists), so this module never
// imports the GPP code itself and the TCF-only head stays small.
import type { ConsentLogger } from '../installConsentApi.js';

/** A US visitor's choices, as `GET /i/api/gpp/v1/usnat` answers them (contract §3). */
export interface UsnatData {
  decided: boolean;
  saleOptOut: boolean;
  sharingOptOut: boolean;
  targetedAdvertisingOptOut: boolean;
  gpc: boolean;
  updatedAt: number | null;
}

/** The installed `window.__gpp` (contract §4). */
export interface GppHandler {
  /** Fires signalStatus 'not ready' → sectionChange → signalStatus 'ready'. */
  update(data: UsnatData | null, regime: 'usnat' | 'none'): void;
  gppString(): string;
  stop(): void;
}

/** `installGppApi` of `@tarmac/platform/consent/gpp`. */
export type InstallGppApi = (options: {
  cmpId: number;
  cmpVersion: number;
  window?: Window;
  logger?: ConsentLogger;
  /** Asked once when the browser sends GPC and the data given to `update` does not record it. */
  saveGpc?: () => void;
}) => GppHandler;

/** Null unless `value` has the shape of {@link UsnatData}: a tampered block is not fed to `__gpp`. */
export function checkUsnatData(value: unknown): UsnatData | null {
  const data = value as UsnatData | null;
  if (!data || typeof data != 'object') return null;
  const flags = [data.decided, data.saleOptOut, data.sharingOptOut, data.targetedAdvertisingOptOut, data.gpc];
  if (flags.some((flag) => typeof flag != 'boolean')) return null;
  return data.updatedAt === null || typeof data.updatedAt == 'number' ? data : null;
}
