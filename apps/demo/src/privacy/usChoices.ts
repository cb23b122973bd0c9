import type { UsnatData } from './pageRegime';
import { usnatDataOrNull } from './pageRegime';

/** The three US National opt-outs the visitor chooses in "Your Privacy Choices". */
export interface UsOptOuts {
  saleOptOut: boolean;
  sharingOptOut: boolean;
  targetedAdvertisingOptOut: boolean;
}

/** The part of the GPP handler (`@tarmac/platform/consent/gpp`) the choices keep current. */
export interface GppUpdater {
  update(data: UsnatData, regime: 'usnat'): void;
}

/** A US visitor's choices on this page: what is stored, and how to change it. */
export interface UsChoices {
  /** The current choices (as the page was rendered, then as the server last answered). */
  current(): UsnatData;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Stores the visitor's opt-outs on the server, then updates `__gpp`. Rejects when not saved. */
  save(optOuts: UsOptOuts): Promise<UsnatData>;
  /** Global Privacy Control is on: the browser's, or the page request's `Sec-GPC: 1`. */
  gpcSignal: boolean;
}

/** Options of {@link createUsChoices}. */
export interface UsChoicesOptions {
  initial: UsnatData;
  /** The session's form token (meta `form-token`), sent as X-CSRF. */
  formToken: () => string | undefined;
  language: 'en' | 'es';
  /** The page request carried `Sec-GPC: 1` (the server's answers already honour it). */
  requestGpc?: boolean;
  /**
   * Save the browser's GPC opt-out at start when the stored choice lacks it (default true); false
   * when another part of the page already does (a GPP handler given `saveGpc`).
   */
  saveGpc?: boolean;
  gpp?: GppUpdater;
  /** Where a failed save made without a click (GPC) is reported. */
  logger?: { error(message: string, ...extra: unknown[]): void };
  window?: Window;
}

/** The US choices endpoint (contract §3). */
export const USNAT_URL = '/i/api/gpp/v1/usnat';

const honoursGpc = (data: UsnatData) => data.gpc && data.saleOptOut && data.sharingOptOut && data.targetedAdvertisingOptOut;

/**
 * The US choices of the page: saves through `POST /i/api/gpp/v1/usnat` (same visitor cookie,
 * idempotency and durability as the TCF choices) and hands every stored answer to `__gpp`, so
 * vendors read the new string at once. When the browser sends Global Privacy Control and the
 * stored choice does not record it yet, it saves the opt-out of all three with `gpc: true` at once:
 * GPC needs no click (docs/consent.md).
 */
export function createUsChoices(options: UsChoicesOptions): UsChoices {
  const win = options.window ?? window;
  const listeners = new Set<() => void>();
  let data = options.initial;
  const browserGpc = (win.navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;

  async function post(body: UsOptOuts & { gpc?: boolean }): Promise<UsnatData> {
    const response = await win.fetch(USNAT_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF': options.formToken() ?? '' },
      body: JSON.stringify({ ...body, language: options.language }),
    });
    const answer = response.ok ? usnatDataOrNull(await response.json()) : null;
    if (!answer) throw new Error(`US choices not saved (HTTP ${response.status})`);
    data = answer;
    options.gpp?.update(answer, 'usnat');
    for (const listener of listeners) listener();
    return answer;
  }

  const choices: UsChoices = {
    current: () => data,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    // GPC stays an opt-out of everything while the browser sends it: a choice saved meanwhile keeps it.
    save: (optOuts) => post(browserGpc ? { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true } : optOuts),
    gpcSignal: browserGpc || options.requestGpc === true,
  };
  if (browserGpc && options.saveGpc !== false && !honoursGpc(data)) {
    // A failure leaves `__gpp` honouring GPC anyway (it reads the browser's signal); the next page tries again.
    choices
      .save({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true })
      .catch((error: unknown) => options.logger?.error('privacy choices: the GPC opt-out was not saved', error));
  }
  return choices;
}
