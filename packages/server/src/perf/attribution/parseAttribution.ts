import { errorCodes } from '../../http/errorCodes.js';
import { httpError } from '../../http/httpError.js';
import { isIdentifierText } from '../../http/strictInput.js';
import { scrubEmails } from '../../http/scrubEmails.js';
import { ATTRIBUTION_MS, ATTRIBUTION_TEXT, URL_FIELDS } from './contract.js';
import type { Attribution, Navigation } from './contract.js';

const bad = (reason: string) => httpError(errorCodes.BAD_BODY, reason);
const MAX_MS = 600_000;
const MAX_SHIFT = 100;
// A plain decimal number as a browser writes it (String(number)).
const NUMBER = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const field = (fields: Record<string, string>, name: string): string | undefined =>
  Object.hasOwn(fields, name) && fields[name] !== '' ? fields[name] : undefined;

function number(name: string, text: string, max: number): number {
  const value = NUMBER.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value) || value < 0 || value > max) throw bad(`${name} must be a number between 0 and ${max}`);
  return value;
}

// The page scrubs already; the server does again, so an old or hand-made client cannot store a
// token (query strings, fragments) or an e-mail address.
function text(name: keyof typeof ATTRIBUTION_TEXT, value: string): string {
  if (value.length > ATTRIBUTION_TEXT[name]) throw bad(`${name} must be at most ${ATTRIBUTION_TEXT[name]} characters`);
  if (!isIdentifierText(value)) throw bad(`${name} must not contain control characters or unpaired surrogates`);
  const cut = URL_FIELDS.has(name) ? value.replace(/[?#][^]*$/, '') : value;
  return scrubEmails(cut);
}

/**
 * The attribution fields of a perf form (perf/attribution/contract.ts), checked strictly: a bad
 * one throws a 400 naming it, so the whole report is refused. Null when the report has none.
 */
export function parseAttribution(fields: Record<string, string>): Attribution | null {
  const out: Attribution = {};
  let any = false;
  for (const name of Object.keys(ATTRIBUTION_TEXT) as Array<keyof typeof ATTRIBUTION_TEXT>) {
    const value = field(fields, name);
    if (value === undefined) continue;
    out[name] = text(name, value);
    any = true;
  }
  for (const name of ATTRIBUTION_MS) {
    const value = field(fields, name);
    if (value === undefined) continue;
    out[name] = number(name, value, MAX_MS);
    any = true;
  }
  const shift = field(fields, 'wa_cls_value');
  if (shift !== undefined) {
    out.wa_cls_value = number('wa_cls_value', shift, MAX_SHIFT);
    any = true;
  }
  const type = field(fields, 'wa_inp_type');
  if (type !== undefined) {
    if (type !== 'pointer' && type !== 'keyboard') throw bad('wa_inp_type must be pointer or keyboard');
    out.wa_inp_type = type;
    any = true;
  }
  return any ? out : null;
}

/** The form's `nav`: `hard` when absent, else `hard` or `soft` exactly. */
export function parseNavigation(fields: Record<string, string>): Navigation {
  const value = field(fields, 'nav');
  if (value === undefined || value === 'hard') return 'hard';
  if (value === 'soft') return 'soft';
  throw bad('nav must be hard or soft');
}
