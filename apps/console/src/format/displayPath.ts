// One percent-encoded code point: ASCII, or a UTF-8 lead byte with its continuation bytes.
const ENCODED_CODE_POINT = /%[0-7][0-9a-f]|%[c-d][0-9a-f]%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2}|%f[0-4](?:%[89ab][0-9a-f]){3}/gi;

// Characters that would mislead or disappear if shown decoded: path and query delimiters (an
// encoded "/" is not a path separator), controls, and the invisible or direction-changing marks
// that can make one path look like another.
const KEEP_ENCODED = /[/?#&=+\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * A URL or virtual path as people read it: `Madrid%20%E2%86%92%20Lisboa` becomes
 * `Madrid → Lisboa`. Each encoded character is decoded on its own, so a malformed escape
 * (`%zz`, a cut UTF-8 sequence, an encoded surrogate) stays as it was sent while the rest reads
 * normally, and delimiters, controls and invisible marks stay encoded. The result is text for
 * React to render, never markup.
 */
export function displayPath(path: string): string {
  return path.replace(ENCODED_CODE_POINT, (escape) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(escape);
    } catch {
      return escape;
    }
    return KEEP_ENCODED.test(decoded) ? escape : decoded;
  });
}
