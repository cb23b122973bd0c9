import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { CLIENT_ID_PATTERN, isIdentifierText } from '../http/strictInput.js';
import { NT_COUNT_FIELDS, NT_TIME_FIELDS, TEXT_LIMITS, VITALS } from './contract.js';
import type { PerfReport, VitalField } from './contract.js';
import { parseAttribution, parseNavigation } from './attribution/parseAttribution.js';

/** Most fields one report may have, known or not: more is not a browser's report. */
export const MAX_FIELDS = 80;
// No page phase or web vital lasts longer than this; larger values are broken clocks or forgeries.
const MAX_PHASE_MS = 3_600_000;
const MAX_VITAL_MS = 600_000;
const MAX_CLS = 100;
const MAX_BYTES = 2 ** 31;
const EPOCH_2000 = 946_684_800_000;
const DAY_MS = 86_400_000;

const bad = (reason: string) => httpError(errorCodes.BAD_BODY, reason);

// A plain decimal number as a browser writes it (String(number)); no hex, no Infinity, no blanks.
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const CLIENT_ID = new RegExp(CLIENT_ID_PATTERN);

// Own fields only: a name such as `toString` must read as absent, never as Object.prototype's.
const field = (fields: Record<string, string>, name: string): string | undefined =>
  Object.hasOwn(fields, name) ? fields[name] : undefined;

function number(fields: Record<string, string>, name: string, min: number, max: number, integer = false): number | null {
  const text = field(fields, name);
  if (text === undefined || text === '') return null;
  const value = NUMBER.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) throw bad(`${name} must be a number`);
  if (integer && !Number.isInteger(value)) throw bad(`${name} must be an integer`);
  if (value < min || value > max) throw bad(`${name} must be between ${min} and ${max}`);
  return value;
}

function text(fields: Record<string, string>, name: keyof typeof TEXT_LIMITS): string | null {
  const value = field(fields, name);
  if (value === undefined || value === '') return null;
  if (value.length > TEXT_LIMITS[name]) throw bad(`${name} must be at most ${TEXT_LIMITS[name]} characters`);
  if (!isIdentifierText(value)) throw bad(`${name} must not contain control characters or unpaired surrogates`);
  return value;
}

// Absent or empty: a report from a page older than report ids, stored without deduplication.
function reportId(fields: Record<string, string>): string | null {
  const value = field(fields, 'id');
  if (value === undefined || value === '') return null;
  if (!CLIENT_ID.test(value)) throw bad('id must be 1..64 characters of A-Z a-z 0-9 . _ : -');
  return value;
}

/**
 * Turns the form fields of `POST /s/run/perf` into a report, or throws a 400 naming the first
 * bad field. Numbers must be numbers within sane limits (no negative or absurd times, every
 * navigation time inside the hour after navigation start), attribution fields strictly as
 * perf/attribution/parseAttribution.ts reads them, unknown fields are dropped, and a page load's
 * report must carry at least one measurement (a route's may carry none).
 */
export function parsePerfReport(
  fields: Record<string, string>,
  meta: { receivedAt: number; userAgent: string | null },
): PerfReport {
  if (Object.keys(fields).length > MAX_FIELDS) throw bad(`a report has at most ${MAX_FIELDS} fields`);
  const navStart = number(fields, 'nt_nav_st', EPOCH_2000, meta.receivedAt + DAY_MS, true);
  const timing = {} as PerfReport['timing'];
  for (const name of NT_TIME_FIELDS) {
    const at = number(fields, name, 0, Number.MAX_SAFE_INTEGER, true);
    // 0 is the Navigation Timing way of saying "did not happen".
    if (at && (navStart === null || at < navStart || at > navStart + MAX_PHASE_MS))
      throw bad(`${name} must be 0 or within an hour after nt_nav_st`);
    timing[name] = at;
  }
  timing.nt_red_cnt = number(fields, 'nt_red_cnt', 0, 100, true);
  timing.nt_nav_type = number(fields, 'nt_nav_type', 0, 255, true);
  if (timing.nt_nav_type !== null && ![0, 1, 2, 255].includes(timing.nt_nav_type)) throw bad('nt_nav_type must be 0, 1, 2 or 255');
  for (const name of NT_COUNT_FIELDS.slice(2)) timing[name] = number(fields, name, 0, MAX_BYTES, true);
  const vitals = {} as PerfReport['vitals'];
  for (const field of Object.keys(VITALS) as VitalField[])
    vitals[field] = number(fields, field, 0, field === 'wv_cls' ? MAX_CLS : MAX_VITAL_MS);
  const nav = parseNavigation(fields);
  // A route change is a view of its own even where the browser measures nothing of the route
  // (no soft-navigation entries): its report may carry no value. A page load always has nt_nav_st.
  if (nav !== 'soft' && navStart === null && Object.values(vitals).every((v) => v === null))
    throw bad('a report needs nt_nav_st or at least one wv_ field');
  // A route change's report holds that route's own values only, never the first load's timings.
  if (nav === 'soft' && (navStart !== null || Object.values(timing).some((v) => v !== null)))
    throw bad('a soft navigation report carries no nt_ fields');
  return {
    id: reportId(fields),
    receivedAt: meta.receivedAt,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 512) : null,
    url: text(fields, 'url'),
    vertical: text(fields, 'vertical'),
    pageId: text(fields, 'pageId'),
    subPageId: text(fields, 'subPageId'),
    pageTag: text(fields, 'pageTag'),
    protocol: text(fields, 'nt_protocol'),
    navStart,
    timing,
    vitals,
    nav,
    attribution: parseAttribution(fields),
  };
}
