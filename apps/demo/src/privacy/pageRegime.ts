import type { UsnatData } from '@tarmac/platform/consent/gpp';

export type { UsnatData };

/** The visitor's privacy regime, decided by the server per page request (docs/consent.md). */
export type PrivacyRegime = 'tcf' | 'usnat' | 'none';

/** What the page needs from the server's consent bootstrap block to pick its privacy UI. */
export interface PagePrivacy {
  regime: PrivacyRegime;
  /** The US choices the page was rendered with; null outside the 'usnat' regime. */
  usnat: UsnatData | null;
  /** The page request carried Global Privacy Control (`Sec-GPC: 1`). */
  gpc: boolean;
}

const REGIMES: readonly string[] = ['tcf', 'usnat', 'none'];
const FLAGS = ['decided', 'saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut', 'gpc'] as const;

/** `value` if it has the shape of {@link UsnatData}, else null (a tampered block is ignored). */
export function usnatDataOrNull(value: unknown): UsnatData | null {
  if (!value || typeof value !== 'object') return null;
  const data = value as Record<string, unknown>;
  if (FLAGS.some((flag) => typeof data[flag] !== 'boolean')) return null;
  if (data.updatedAt !== null && typeof data.updatedAt !== 'number') return null;
  return value as UsnatData;
}

/**
 * Reads the regime from the page's consent bootstrap (`<script type="application/json"
 * id="tarmac-consent">`, rendered by the server). A page without one (vite dev, an older server)
 * or with an unreadable one is the TCF page it always was: the CMP still decides whether to ask.
 */
export function readPagePrivacy(doc: Document = document): PagePrivacy {
  const fallback: PagePrivacy = { regime: 'tcf', usnat: null, gpc: false };
  const block = doc.getElementById('tarmac-consent');
  if (!block || block.getAttribute('type') !== 'application/json') return fallback;
  try {
    const bootstrap = JSON.parse(block.textContent ?? '') as { regime?: unknown; usnat?: unknown; gpc?: unknown } | null;
    const regime = bootstrap?.regime;
    const gpc = bootstrap?.gpc === true;
    if (typeof regime !== 'string' || !REGIMES.includes(regime)) return fallback;
    if (regime !== 'usnat') return { regime: regime as PrivacyRegime, usnat: null, gpc };
    const usnat = usnatDataOrNull(bootstrap?.usnat);
    return usnat ? { regime: 'usnat', usnat, gpc } : fallback;
  } catch {
    return fallback;
  }
}
