import type { TimeZoneSignal } from './types.js';

/** The IANA zone and offset; a zone that disagrees with the visitor's IP is a server-side clue. */
export function readTimeZone(): TimeZoneSignal {
  let name = '';
  try {
    name = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    // Intl without time-zone support: the offset alone still says something
  }
  return { name, offset: new Date().getTimezoneOffset() };
}
