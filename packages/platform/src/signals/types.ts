/** Screen geometry: real desktops and phones have sizes headless defaults rarely match. */
export interface ScreenSignal {
  width: number;
  height: number;
  availWidth: number;
  availHeight: number;
  colorDepth: number;
  pixelRatio: number;
}

/** What the device says about touch input; a "phone" without touch is a tell. */
export interface TouchSignal {
  maxTouchPoints: number;
  touchEvent: boolean;
  touchStart: boolean;
}

/** IANA zone name (empty when unknown) and the current UTC offset in minutes, as `Date` reports it. */
export interface TimeZoneSignal {
  name: string;
  offset: number;
}

/**
 * Everything `collectSignals` gathers. `automation` lists the names of the hints that fired
 * (see automation.ts); the server turns them into a verdict, the page never judges itself.
 */
export interface Signals {
  screen: ScreenSignal;
  fonts: string[];
  touch: TouchSignal;
  timeZone: TimeZoneSignal;
  languages: string[];
  automation: string[];
}

/**
 * The plaintext sealed into `encryptedMetaData`: a one-time nonce (so a replayed envelope is
 * refused) and the page's clock beside the signals. The server decrypts and reads exactly this.
 */
export interface SignalPayload {
  nonce: string;
  ts: number;
  signals: Signals;
}

/**
 * The seam shared with consent and analytics: calls the listener with the decision once known and
 * on every change; returns an unsubscribe function.
 */
export type ConsentSource = (listener: (granted: boolean) => void) => () => void;
