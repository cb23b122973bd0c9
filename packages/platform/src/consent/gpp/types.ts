import type { UsnatSection } from './usnat.js';

/** Where the GPP signal stands: 'ready' only while the string holds the applicable section with current choices. */
export type SignalStatus = 'not ready' | 'ready';

/** The PingReturn object of the GPP CMP API v1.1, as `ping` and every event's `pingData` carry it. */
export interface GppPing {
  gppVersion: '1.1';
  cmpStatus: 'stub' | 'loaded' | 'error';
  cmpDisplayStatus: 'hidden' | 'visible' | 'disabled';
  signalStatus: SignalStatus;
  /** Section ids and prefixes this CMP can write: `['7:usnat']`. */
  supportedAPIs: string[];
  cmpId: number;
  /** Ids of the sections in `gppString`. */
  sectionList: number[];
  /** Sections in force: [7] for a US visitor, [-1] when none applies, [0] while not yet known. */
  applicableSections: number[];
  gppString: string;
  parsedSections: { usnat?: UsnatSection };
}

/** What an `addEventListener` callback receives: registration first, then each event. */
export interface GppEvent {
  eventName: 'listenerRegistered' | 'signalStatus' | 'sectionChange';
  listenerId: number;
  data: unknown;
  pingData: GppPing;
}

/** Every `__gpp` callback: the command's value and whether the command was processed. */
export type GppCallback = (data: unknown, success: boolean) => void;

/** `window.__gpp(command, callback, parameter, version)`; with no argument (stub) the queued calls. */
export type GppApi = (...args: unknown[]) => unknown;

/** A window that may carry the GPP CMP API. */
export type GppWindow = Window & { __gpp?: GppApi };
