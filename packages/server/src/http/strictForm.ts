import type { FastifyInstance } from 'fastify';
import { errorCodes } from './errorCodes.js';
import { httpError } from './httpError.js';
import { RESERVED_KEYS } from './strictInput.js';

/** The media type of form bodies (perf reports, signals). */
export const FORM = 'application/x-www-form-urlencoded';

/** Form fields by name: a prototype-less object, each name present once. */
export type FormFields = Record<string, string>;

const bad = (reason: string) => httpError(errorCodes.BAD_BODY, reason);
const utf8 = new TextDecoder('utf-8', { fatal: true });

// decodeURIComponent refuses what URLSearchParams silently turns into U+FFFD or keeps as typed:
// a stray `%`, and escapes that are not UTF-8 (`%ff`, encoded surrogates, overlong forms).
function decode(text: string, what: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw bad(`${what} is not valid percent-encoded UTF-8`);
  }
}

/**
 * Parses an `application/x-www-form-urlencoded` body strictly, where URLSearchParams guesses:
 * bytes and escapes must be UTF-8 (a browser's form always is), a field sent twice is refused
 * rather than resolved "last one wins", and reserved names (`__proto__`, `toString`, …) are
 * refused. Every refusal is a 400 `TARMAC_BAD_BODY` naming the field.
 */
export function parseStrictForm(body: Buffer): FormFields {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw bad('body is not valid UTF-8');
  }
  const fields: FormFields = Object.create(null) as FormFields;
  const pairs = text.split('&');
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    // "a=1&&b=2" and a trailing "&": empty pairs carry nothing, as URLSearchParams also reads them.
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq), `body: the name of field ${i + 1}`);
    if (RESERVED_KEYS.has(name)) throw bad(`body/${name} is a reserved name`);
    if (Object.hasOwn(fields, name)) throw bad(`body/${name} is sent more than once`);
    fields[name] = decode(eq < 0 ? '' : pair.slice(eq + 1), `body/${name}`);
  }
  return fields;
}

/**
 * Makes `app` (a plugin's encapsulated instance) read form bodies of at most `bodyLimit` bytes
 * with {@link parseStrictForm}, so no other plugin starts accepting forms.
 */
export function addStrictFormParser(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(FORM, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    try {
      done(null, parseStrictForm(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
