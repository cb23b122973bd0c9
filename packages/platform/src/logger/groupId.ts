/**
 * The message with its variable parts blanked: UUIDs and long hex ids become `<id>`, any run
 * of digits becomes `<n>`. "Fare 123 not found" and "Fare 456 not found" are one problem with
 * different data; grouping them keeps the console readable. The exact text still travels in
 * `message`, so nothing is lost but the split into groups.
 */
export function normaliseMessage(message: string): string {
  // An id: 8+ hex digits, at least one a digit, with any dash-separated hex groups (UUIDs).
  return message.replace(/\b(?=[\da-f-]*\d)[\da-f]{8,}(?:-[\da-f]{4,})*\b/gi, '<id>').replace(/\d+/g, '<n>');
}

/** Where a message comes from, as far as known; all parts may be missing. */
export interface Place {
  fileName?: string;
  lineNo?: number;
  colNo?: number;
}

/**
 * A short, stable, non-cryptographic hash (16 hex digits) for grouping: two different 32-bit
 * hashes over the same text (FNV-1a style and Java's string hash), so collisions between
 * distinct problems stay negligible at the scale of one site's error groups. Small constants
 * on purpose: they cost less in the bundle than the classic offsets.
 */
export function hashText(text: string): string {
  let a = 0;
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 16777619);
    b = (Math.imul(b, 31) + code) | 0;
  }
  return [a, b].map((n) => (n >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * The id of "the same problem": same level, same (normalised) message, same place. Stable
 * across pages and sessions so the server can count a problem however often it comes.
 */
export function makeGroupId(level: number, message: string, { fileName, lineNo, colNo }: Place): string {
  return hashText(`${level}\n${normaliseMessage(message)}\n${fileName ?? ''}:${lineNo ?? ''}:${colNo ?? ''}`);
}
