import { installConsentStub } from './stub/installConsentStub.js';
import type { ConsentChoices } from './choices.js';
import { checkConsentData, fetchConsent, fetchVendorList, postConsent } from './consentRequests.js';
import type { CheckedConsent } from './consentRequests.js';
import { errorState, initialState, loadedState, updatedState } from './consentState.js';
import type { ConsentState } from './consentState.js';
import { waitForFormToken } from './formToken.js';
import type { FormTokenSource } from './formToken.js';
import { toInAppTCData } from './inAppTcData.js';
import { buildTCData } from './tcData.js';
import type { PingReturn, TcfCallback, TcfWindow } from './types.js';
import { validateCall } from './validateCall.js';
import type { ConsentVendorList } from './vendorList.js';

/** Where failures are reported; the platform logger fits. */
export interface ConsentLogger {
  error(message: unknown, ...extra: unknown[]): void;
}

/** Settings of {@link installConsentApi}. */
export interface ConsentApiOptions {
  /** The IAB-assigned CMP id and this CMP's version, as `ping` reports them. */
  cmpId: number;
  cmpVersion: number;
  /** The session's form token (`<meta name="form-token">`), or a function asked until it has one. */
  formToken: FormTokenSource;
  consentUrl?: string;
  /** Where the banner's vendor list comes from; defaults to `/i/api/iabtcf/v1/vendors`. */
  vendorsUrl?: string;
  logger?: ConsentLogger;
  /** How often a token function is asked again; defaults to 50 ms. */
  tokenIntervalMs?: number;
  /** The window to serve; defaults to the global one. */
  window?: Window;
  /**
   * Consent data the page already carries (the server-rendered bootstrap, see consentBootstrap.ts):
   * checked like the server's reply and applied before this call returns, so nothing waits for a
   * request; data that fails the check is refused like a bad reply (cmpStatus 'error').
   */
  initialData?: unknown;
}

/** Current statuses, for the host and the banner. */
export type ConsentSnapshot = Readonly<ConsentState>;

/** The installed CMP: `window.__tcfapi` plus what the page's own UI needs. */
export interface ConsentHandler {
  /**
   * The current state: the same object until the next transition, so it serves as the snapshot
   * of an external store (React's `useSyncExternalStore(handler.subscribe, handler.state)`).
   */
  state(): ConsentSnapshot;
  /** Calls `listener` after every transition of {@link state}; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * The site's vendors and what to disclose about them, fetched once and shared by every caller;
   * after a failure the next call asks again.
   */
  vendorList(): Promise<ConsentVendorList>;
  /** Resolves once the data loaded (true) or the load failed (false). */
  ready: Promise<boolean>;
  /** Surfaces the UI again ("Privacy settings"): visible + cmpuishown. */
  show(): void;
  /** Re-confirms the current choice without changes: hidden + useractioncomplete. */
  close(): void;
  /** Saves the visitor's choices on the server and applies the new TC string; false on failure. */
  save(choices: ConsentChoices): Promise<boolean>;
  /** Applies consent data directly (null: the UI will not be shown). Same rules as `update`. */
  update(data: unknown, show?: boolean): boolean;
  /** Stops asking for a token and removes every listener. */
  stop(): void;
}

const ERROR_REPLY = { cmpStatus: 'error' };

/**
 * Installs the TCF v2.2 CMP API handler: takes over the stub's queue (installing the stub first
 * if the page has none, for the locator frame and postMessage relay), fetches the visitor's
 * consent data once a valid form token is available, then replays the queued calls in order.
 */
export function installConsentApi(options: ConsentApiOptions): ConsentHandler {
  const win = (options.window ?? window) as TcfWindow;
  const url = options.consentUrl ?? '/i/api/iabtcf/v1/consent';
  const logger = options.logger;
  installConsentStub(win);
  const previous = win.__tcfapi?.();
  const queue: unknown[][] = Array.isArray(previous) ? previous.slice() : [];
  const listeners = new Map<number, TcfCallback>();
  const subscribers = new Set<() => void>();
  let vendors: Promise<ConsentVendorList> | undefined;
  let state = initialState();
  let nextListenerId = 1;
  let stopped = false;
  let token = '';

  const report = (message: string, error?: unknown) => {
    try {
      logger?.error(message, ...(error === undefined ? [] : [error]));
    } catch {
      // a broken logger must not break the CMP
    }
  };

  const ping = (): PingReturn => ({
    gdprApplies: state.data?.gdprApplies,
    cmpLoaded: state.cmpStatus !== 'stub',
    cmpStatus: state.cmpStatus,
    displayStatus: state.displayStatus,
    apiVersion: '2.2',
    cmpVersion: options.cmpVersion,
    cmpId: options.cmpId,
    gvlVersion: state.data?.gvlVersion,
    tcfPolicyVersion: state.data?.tcfPolicyVersion,
  });

  const answer = (callback: TcfCallback, value: unknown, success: boolean) => {
    try {
      callback(value, success);
    } catch (error) {
      report('consent: callback threw', error);
    }
  };

  // The page's own subscribers hear of every transition; TCF listeners only of those with data.
  const commit = (next: ConsentState) => {
    state = next;
    for (const subscriber of subscribers) {
      try {
        subscriber();
      } catch (error) {
        report('consent: subscriber threw', error);
      }
    }
  };

  const setState = (next: ConsentState) => {
    commit(next);
    for (const [id, callback] of listeners) answer(callback, buildTCData(state, id), true);
  };

  const applyUpdate = (checked: CheckedConsent | null, show: boolean) => setState(updatedState(state, checked ?? undefined, show));
  // Reopening or closing the UI keeps the current choice and only changes the statuses.
  const reapply = (show: boolean) => {
    if (state.data && state.decoded) applyUpdate({ data: state.data, decoded: state.decoded }, show);
  };

  function run(command: string, callback: TcfCallback, parameter: unknown): void {
    if (command === 'ping') return answer(callback, ping(), true);
    if (state.cmpStatus === 'error') return answer(callback, ERROR_REPLY, false);
    if (state.cmpStatus === 'stub') return void queue.push([command, 2, callback, parameter]);
    if (command === 'addEventListener') {
      const id = nextListenerId++;
      listeners.set(id, callback);
      return answer(callback, buildTCData(state, id), true);
    }
    if (command === 'removeEventListener') {
      if (typeof parameter !== 'number') {
        report('consent: removeEventListener without listenerId');
        return answer(callback, false, false);
      }
      const removed = listeners.delete(parameter);
      return answer(callback, removed, removed);
    }
    if (command === 'getTCData') {
      const ids = Array.isArray(parameter) ? parameter.filter((id): id is number => typeof id === 'number') : undefined;
      return answer(callback, buildTCData(state, undefined, ids), true);
    }
    if (command === 'getInAppTCData') return answer(callback, toInAppTCData(buildTCData(state)), true);
    // update
    if (parameter == null) return answer(callback, { reason: 'wrong_params' }, false);
    const checked = checkConsentData(parameter);
    if (!checked) return answer(callback, { reason: 'wrong_tc_data' }, false);
    applyUpdate(checked, checked.data.showUi === true);
    answer(callback, buildTCData(state), true);
  }

  function tcfapi(command?: unknown, version?: unknown, callback?: unknown, parameter?: unknown): unknown {
    if (!arguments.length) return [];
    if (validateCall(command, version, callback)) run(command as string, callback, parameter);
    return undefined;
  }

  function replay(): void {
    for (const args of queue.splice(0)) {
      try {
        tcfapi(...args);
      } catch (error) {
        report('consent: invalid queued call', error);
      }
    }
  }

  win.__tcfapi = tcfapi;

  const fail = (error: unknown) => {
    report(`Failed to make a request for ${url}`, error);
    commit(errorState(state));
    replay();
    return false;
  };

  const load = (checked: CheckedConsent) => {
    if (stopped) return false;
    setState(loadedState(checked.data, checked.decoded));
    replay();
    return true;
  };

  const tokenFound = waitForFormToken(options.formToken, options.tokenIntervalMs ?? 50, () => stopped).then((found) => (token = found));
  // Settled either way: `save` waits for it (data from the page may be loaded before the token).
  const tokenSettled = tokenFound.catch(() => undefined);
  const initial = options.initialData;
  // The page's own data needs no request and is applied before this call returns.
  const checked = initial === undefined || checkConsentData(initial);
  const ready =
    checked === true ? tokenFound.then(() => fetchConsent(url, token)).then(load, fail) : Promise.resolve(checked ? load(checked) : fail(initial));

  return {
    state: () => state,
    subscribe(listener) {
      subscribers.add(listener);
      return () => void subscribers.delete(listener);
    },
    vendorList: () =>
      (vendors ??= fetchVendorList(options.vendorsUrl ?? '/i/api/iabtcf/v1/vendors').catch((error: unknown) => {
        vendors = undefined;
        throw error;
      })),
    ready,
    show: () => reapply(true),
    close: () => reapply(false),
    async save(choices) {
      if (state.cmpStatus !== 'loaded') return false;
      await tokenSettled;
      const checked = await postConsent(url, token, choices);
      if (!checked) report(`Failed to make a request for ${url}`, 'save');
      else applyUpdate(checked, false);
      return !!checked;
    },
    update(data, show = false) {
      const checked = data == null ? null : checkConsentData(data);
      if (data != null && !checked) return false;
      applyUpdate(checked, show);
      return true;
    },
    stop() {
      stopped = true;
      listeners.clear();
      subscribers.clear();
    },
  };
}
