/**
 * Standard base64 of bytes (the form encoding escapes `+` and `/`); `btoa` keeps the collector
 * free of an encoder of its own.
 */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}
