/** Sequential reads from one base64url segment of a TC string, most significant bit first. */
export interface BitReader {
  int(bits: number): number;
  bool(): boolean;
  /** `count` one-bit flags for ids 1..count. */
  flags(count: number): Record<number, boolean>;
}

/**
 * Reads a TC string segment one 6-bit character value at a time, taking its bits out with
 * shifts and masks: no string of '0'/'1', no parseInt. Throws on characters outside base64url
 * and on reads past the end, so a truncated or foreign string is rejected rather than
 * half-decoded.
 */
export function createBitReader(segment: string): BitReader {
  // Checked up front, as a whole, so unread padding is held to the alphabet too ([\w-] is exactly
  // base64url); the character values below can then come from arithmetic on the code alone.
  if (!/^[\w-]*$/.test(segment)) throw new Error('not base64url');
  let index = 0;
  let sextet = 0;
  let left = 0;
  const bit = () => {
    if (!left) {
      if (index >= segment.length) throw new Error('TC string ends early');
      const c = segment.charCodeAt(index++);
      // a-z 26..51, '_' 63, A-Z 0..25, 0-9 52..61, '-' 62
      sextet = c > 96 ? c - 71 : c > 64 ? (c == 95 ? 63 : c - 65) : c > 47 ? c + 4 : 62;
      left = 6;
    }
    return (sextet >> --left) & 1;
  };
  const reader: BitReader = {
    int(count) {
      let value = 0;
      // `* 2`, not `<< 1`: timestamps are 36 bits, past what 32-bit shifts keep
      while (count--) value = value * 2 + bit();
      return value;
    },
    bool: () => bit() == 1,
    flags(count) {
      const flags: Record<number, boolean> = {};
      for (let id = 1; id <= count; id++) flags[id] = bit() == 1;
      return flags;
    },
  };
  return reader;
}
