import { hashText } from './hash.js';

/**
 * The message with its variable parts blanked: UUIDs and long hex ids become `<id>`, any run
 * of digits becomes `<n>`. "Fare 123 not found" and "Fare 456 not found" are one problem with
 * different data; grouping them keeps the console readable. The exact text still travels in
 * `message`, so nothing is lost but the split into groups.
 */
export function normaliseMessage(message: string): string {
  return message
    .replace(/\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/gi, '<id>')
    .replace(/\b(?=[a-f]*\d)[\da-f]{8,}\b/gi, '<id>')
    .replace(/\d+/g, '<n>');
}

/** Where a message comes from, as far as known; all parts may be missing. */
export interface Place {
  fileName?: string;
  lineNo?: number;
  colNo?: number;
}

/**
 * The id of "the same problem": same level, same (normalised) message, same place. Stable
 * across pages and sessions so the server can count a problem however often it comes.
 */
export function makeGroupId(level: number, message: string, place: Place): string {
  const where = `${place.fileName ?? ''}:${place.lineNo ?? ''}:${place.colNo ?? ''}`;
  return hashText(`${level}\n${normaliseMessage(message)}\n${where}`);
}
