// Values back from page.evaluate as Playwright gives them. WebDriver returns JSON, where
// `undefined` becomes null (or vanishes) and NaN and Infinity become null, so a test's
// `toEqual({ eventStatus: undefined })` would fail in WebKit only. The page encodes those values
// as markers (IN_PAGE_ENCODE, run in the page) and `decodeValue` puts them back.

const MARK = '__wkValue';

/** In-page source of `encode(value)`: JSON text with undefined, NaN and ±Infinity marked. */
export const IN_PAGE_ENCODE = `((value) => JSON.stringify(value, function (key, v) {
  if (v === undefined) return { ${MARK}: 'undefined' };
  if (typeof v === 'number' && !Number.isFinite(v)) return { ${MARK}: String(v) };
  return v;
}))`;

const SPECIAL: Record<string, unknown> = { undefined: undefined, NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

function revive(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const mark = (value as Record<string, unknown>)[MARK];
  if (typeof mark === 'string' && mark in SPECIAL && Object.keys(value).length === 1) return SPECIAL[mark];
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = revive(record[key]);
  return value;
}

/**
 * The value `IN_PAGE_ENCODE` turned into `json`, with its markers replaced by their values (no
 * JSON at all: a function or symbol, which Playwright gives back as undefined too).
 */
export function decodeValue(json: string | undefined): unknown {
  return json === undefined ? undefined : revive(JSON.parse(json));
}
