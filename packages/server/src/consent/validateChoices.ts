import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { ConsentChoicesBody } from './contract.js';
import type { GvlJson } from './gvlFile.js';
import type { ConsentSelection, TcStringIssuer } from './tcStringIssuer.js';

const idList = (maximum: number, maxItems: number) =>
  ({ type: 'array', maxItems, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum } }) as const;

/** The JSON schema of the POST body (shape only; ids are checked against the vendor list after). */
export const consentChoicesSchema = {
  type: 'object',
  required: ['choice'],
  additionalProperties: false,
  properties: {
    choice: { type: 'string', enum: ['accept_all', 'reject_all', 'custom'] },
    purposes: idList(24, 24),
    specialFeatures: idList(12, 12),
    vendors: idList(65535, 10000),
    language: { type: 'string', enum: ['en', 'es'] },
  },
} as const;

const LISTS = ['purposes', 'specialFeatures', 'vendors'] as const;

/**
 * Turns a schema-valid body into the selection to encode. A custom choice may only name ids the
 * vendor list has (a stale page after a list update gets a clear 400, not a silently different
 * string); accept/reject carry no lists, so a contradictory body is refused rather than guessed.
 */
export function selectionFor(body: ConsentChoicesBody, json: GvlJson, issuer: TcStringIssuer): ConsentSelection {
  if (body.choice !== 'custom') {
    const extra = LISTS.find((list) => body[list] !== undefined);
    if (extra) throw httpError(errorCodes.BAD_BODY, `body/${extra} is only allowed with choice "custom"`);
    return body.choice === 'accept_all' ? issuer.everything() : { purposes: [], specialFeatures: [], vendors: [] };
  }
  const known = {
    purposes: json.purposes,
    specialFeatures: json.specialFeatures,
    vendors: Object.fromEntries(Object.entries(json.vendors).filter(([, v]) => !v.deletedDate)),
  };
  const selection: ConsentSelection = { purposes: [], specialFeatures: [], vendors: [] };
  for (const list of LISTS) {
    const given = body[list] ?? [];
    const unknown = given.find((id) => !(String(id) in known[list]));
    if (unknown !== undefined) {
      throw httpError(errorCodes.BAD_BODY, `body/${list}: ${unknown} is not in vendor list ${json.vendorListVersion}`);
    }
    selection[list] = [...given].sort((a, b) => a - b);
  }
  return selection;
}
