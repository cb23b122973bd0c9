import type { ConsentLogger } from '../installConsentApi.js';
import { encodeGppString } from './gppString.js';
import { installGppStub } from './stub/installGppStub.js';
import type { GppApi, GppCallback, GppEvent, GppPing, GppWindow, SignalStatus } from './types.js';
import { encodeUsnatSection, USNAT, USNAT_ID, usnatSection } from './usnat.js';
import type { MspaMode, UsnatData, UsnatSection } from './usnat.js';

/** Settings of {@link installGppApi}. */
export interface GppApiOptions {
  /** The CMP id `ping` reports: 1 for a CMP without an IAB id (what the GPP spec asks for usnat). */
  cmpId: number;
  /** Accepted like `installConsentApi`'s; GPP's PingReturn has no field for it. */
  cmpVersion?: number;
  /** The publisher's MSPA standing (docs/consent.md); defaults to 'notCovered'. */
  mspa?: MspaMode;
  /**
   * Called once when the browser sends Global Privacy Control (`navigator.globalPrivacyControl`)
   * and the data given to `update` does not record GPC yet: the page saves the opt-out
   * (POST /i/api/gpp/v1/usnat with every opt-out and `gpc: true`). The string honours GPC already.
   */
  saveGpc?: () => void;
  logger?: ConsentLogger;
  /** The window to serve; defaults to the global one. */
  window?: Window;
}

/** The visitor's regime as far as GPP is concerned (the server decides it per page request). */
export type GppRegime = 'usnat' | 'none';

/** The installed GPP CMP API. */
export interface GppHandler {
  /**
   * Applies the visitor's regime and US choices: fires signalStatus 'not ready', then
   * sectionChange 'usnat' if the section changed, then signalStatus 'ready'. Any regime but
   * 'usnat' means no GPP section applies.
   */
  update(data: UsnatData | null, regime: GppRegime): void;
  /** The current GPP string ('' before the first update). */
  gppString(): string;
  /** Removes every listener; `__gpp` keeps answering. */
  stop(): void;
}

/**
 * Installs `window.__gpp`, the IAB GPP CMP API v1.1 with the US National section: takes over the
 * stub's queue (installing the stub first when the page has none, for the `__gppLocator` frame
 * and postMessage relay) and answers every command synchronously. Signals 'ready' after the first
 * `update`, which the page calls with the consent data the server rendered or answered.
 */
export function installGppApi(options: GppApiOptions): GppHandler {
  const win = (options.window ?? window) as GppWindow;
  installGppStub(win);
  const queued = win.__gpp!();
  const listeners = new Map<number, GppCallback>();
  let nextListenerId = 1;
  let signalStatus: SignalStatus = 'not ready';
  let applicableSections = [0];
  let section: UsnatSection | null = null;
  let gppString = '';
  let gpcSaveAsked = false;

  const report = (message: string, error?: unknown) => {
    try {
      options.logger?.error('gpp: ' + message, error);
    } catch {
      // a broken logger must not break the CMP
    }
  };
  const answer = (callback: GppCallback, value: unknown, success = true) => {
    try {
      callback(value, success);
    } catch (error) {
      report('callback threw', error);
    }
  };
  // Callers get copies, so a vendor editing what it received cannot change what the next one reads.
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const ping = (): GppPing =>
    copy({
      gppVersion: '1.1',
      cmpStatus: 'loaded',
      cmpDisplayStatus: 'hidden',
      signalStatus,
      supportedAPIs: ['7:usnat'],
      cmpId: options.cmpId,
      sectionList: section ? [USNAT_ID] : [],
      applicableSections,
      gppString,
      parsedSections: section ? { usnat: section } : {},
    });
  const event = (eventName: GppEvent['eventName'], listenerId: number, data: unknown): GppEvent => ({ eventName, listenerId, data, pingData: ping() });
  const fire = (eventName: GppEvent['eventName'], data: unknown) => {
    for (const [id, callback] of listeners) answer(callback, event(eventName, id, data));
  };
  const signal = (status: SignalStatus) => fire('signalStatus', (signalStatus = status));

  function run(command: string, callback: GppCallback, parameter: unknown): void {
    const [prefix, field] = String(parameter).split('.');
    const usnat = prefix === USNAT ? section : null;
    // getField "usnat.SaleOptOut": the field of whichever subsection has it.
    const holder = usnat?.find((subsection) => field! in subsection) as Record<string, unknown> | undefined;
    if (command === 'ping') return answer(callback, ping());
    if (command === 'addEventListener') {
      listeners.set(nextListenerId, callback);
      return answer(callback, event('listenerRegistered', nextListenerId++, true));
    }
    if (command === 'removeEventListener') return answer(callback, listeners.delete(parameter as number));
    if (command === 'hasSection') return answer(callback, !!usnat);
    if (command === 'getSection') return answer(callback, copy(usnat));
    if (command === 'getField') return answer(callback, holder ? copy(holder[field!]) : null);
    answer(callback, null, false); // a command this CMP does not know
  }

  const gpp: GppApi = (command, callback, parameter) => {
    // The spec makes the callback mandatory; an unknown or non-string command is answered as failed.
    if (typeof callback !== 'function') return void report('a call without a callback', command);
    run(command as string, callback as GppCallback, parameter);
  };
  win.__gpp = gpp;
  for (const args of Array.isArray(queued) ? queued : []) gpp(...(args as unknown[]));

  // The browser's GPC is an opt-out of sale, sharing and targeted advertising by itself.
  const withBrowserGpc = (data: UsnatData | null): Partial<UsnatData> | null => {
    if ((win.navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl !== true) return data;
    if (data?.gpc !== true && options.saveGpc && !gpcSaveAsked) {
      gpcSaveAsked = true;
      answer(options.saveGpc, data); // through answer: a throwing saveGpc is reported, not thrown
    }
    return { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true };
  };

  return {
    update(data, regime) {
      try {
        const next = regime === 'usnat' ? usnatSection(withBrowserGpc(data), options.mspa) : null;
        const before = section && encodeUsnatSection(section);
        const after = next && encodeUsnatSection(next);
        signal('not ready');
        section = next;
        applicableSections = [next ? USNAT_ID : -1];
        gppString = encodeGppString(after ? [{ id: USNAT_ID, encoded: after }] : []);
        if (before !== after) fire('sectionChange', USNAT);
        signal('ready');
      } catch (error) {
        report('update failed', error);
      }
    },
    gppString: () => gppString,
    stop: () => listeners.clear(),
  };
}
