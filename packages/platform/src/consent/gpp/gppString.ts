import { base64Url, fibonacciRange, fixedInt } from './bits.js';

/** One encoded discrete section of a GPP string, with its GPP section id. */
export interface GppSection {
  id: number;
  encoded: string;
}

/**
 * A complete GPP string: the header (type 3, GPP version 1, the section ids as a Fibonacci range)
 * then each section, sorted by id, joined by "~". With no section it is the header alone ("DBAA").
 */
export function encodeGppString(sections: readonly GppSection[]): string {
  const sorted = [...sections].sort((a, b) => a.id - b.id);
  const header = base64Url(fixedInt(3, 6) + fixedInt(1, 6) + fibonacciRange(sorted.map((s) => s.id)));
  return [header, ...sorted.map((s) => s.encoded)].join('~');
}
