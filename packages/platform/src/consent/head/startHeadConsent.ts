import { installConsentApi } from '../installConsentApi.js';
import type { ConsentHandler, ConsentLogger } from '../installConsentApi.js';
import { installConsentStub } from '../stub/installConsentStub.js';
import { readConsentBootstrap } from './consentBootstrap.js';
import type { ConsentBootstrap } from './consentBootstrap.js';
import { checkUsnatData } from './usnatData.js';
import { saveGpcOptOut } from './saveGpcOptOut.js';
import type { GppHandler } from '../gpp/index.js';
import type { InstallGppApi } from './usnatData.js';

/** What the head script started, for the app bundle to take over instead of starting its own. */
export interface HeadConsent {
  /** The TCF handler (`window.__tcfapi`), already answering from the page's data. */
  consent: ConsentHandler;
  /** The GPP handler (`window.__gpp`), when the head script was built with it. */
  gpp?: GppHandler;
  /** Where the handlers' failures go from now on; until then they wait (ten at most). */
  useLogger(logger: ConsentLogger): void;
}

/** Options of {@link startHeadConsent}; the built head script passes only `installGpp`. */
export interface HeadConsentOptions {
  /** `installGppApi` of `@tarmac/platform/consent/gpp`, to answer `__gpp` from the same data. */
  installGpp?: InstallGppApi;
  /** Default: the ids in the page's consent data, which the server encodes into its TC strings. */
  cmpId?: number;
  cmpVersion?: number;
  window?: Window;
}

// Shared by separately built scripts (the inline head script, the app bundle): a registry key
// that is the same in every bundle, and not enumerable on the window.
const HEAD_CONSENT = Symbol.for('tarmac.headConsent');
type HeadWindow = Window & { [HEAD_CONSENT]?: HeadConsent };

/** The {@link HeadConsent} the page's head script started, if it did. */
export const headConsent = (win: Window = window): HeadConsent | undefined => (win as HeadWindow)[HEAD_CONSENT];

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

// The handlers start before the app's logger exists; their first failures are kept for it.
function lateLogger() {
  const waiting: [unknown, unknown[]][] = [];
  let target: ConsentLogger | undefined;
  const logger: ConsentLogger = {
    error: (message, ...extra) => void (target ? target.error(message, ...extra) : waiting.length < 10 && waiting.push([message, extra])),
  };
  const useLogger = (next: ConsentLogger) => {
    target = next;
    for (const [message, extra] of waiting.splice(0)) next.error(message, ...extra);
  };
  return { logger, useLogger };
}

/**
 * The first script of the page's <head>: answers `__tcfapi` (and `__gpp`) from the consent data
 * the server rendered into the page, so `tcloaded` and GPP's `ready` come before the app bundle
 * and its preloads are even fetched. The data is checked like the server's reply; a block that
 * fails the check is refused (cmpStatus 'error'), as a bad reply would be. Without a block (a
 * page the server did not render) only the stub goes in and the app's handler asks the server.
 */
export function startHeadConsent(options: HeadConsentOptions = {}): HeadConsent | undefined {
  const win = options.window ?? window;
  try {
    const running = headConsent(win);
    if (running) return running;
    const raw = readConsentBootstrap(win.document);
    if (raw === undefined) return void installConsentStub(win);
    const bootstrap = raw && typeof raw === 'object' ? (raw as Partial<ConsentBootstrap>) : {};
    const tcf = (bootstrap.tcf ?? null) as Partial<ConsentBootstrap['tcf']> | null;
    const ids = { cmpId: numberOr(options.cmpId ?? tcf?.cmpId, 0), cmpVersion: numberOr(options.cmpVersion ?? tcf?.cmpVersion, 0) };
    const { logger, useLogger } = lateLogger();
    const formToken = () => win.document.querySelector('meta[name="form-token"]')?.getAttribute('content');
    const consent = installConsentApi({ ...ids, formToken, logger, window: win, initialData: tcf });
    let gpp: GppHandler | undefined;
    try {
      const usnat = bootstrap.regime === 'usnat' ? checkUsnatData(bootstrap.usnat) : null;
      // GPC opts a US visitor out with no click; the handler asks once, the stored reply updates it.
      const saveGpc = () => void (usnat && saveGpcOptOut(formToken(), (data) => gpp?.update(data, 'usnat'), logger));
      gpp = options.installGpp?.({ ...ids, window: win, logger, saveGpc });
      if (bootstrap.regime === 'usnat' && !usnat) logger.error("consent: the page's US consent data is not valid");
      gpp?.update(usnat, usnat ? 'usnat' : 'none');
    } catch (error) {
      logger.error('consent: GPP failed to start', error);
    }
    const head: HeadConsent = { consent, gpp, useLogger };
    // Configurable: a test page (or a host re-running its start-up) may remove it.
    Object.defineProperty(win, HEAD_CONSENT, { value: head, configurable: true });
    return head;
  } catch {
    // never break the page; the app's handler takes over from the stub
    installConsentStub(win);
    return undefined;
  }
}
