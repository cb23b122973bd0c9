const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Sequential reads from one base64url segment of a TC string, most significant bit first. */
export interface BitReader {
  int(bits: number): number;
  bool(): boolean;
  /** `count` one-bit flags for ids 1..count. */
  flags(count: number): Record<number, boolean>;
}

/**
 * Reads a TC string segment bit by bit. Throws on characters outside base64url and on reads
 * past the end, so a truncated or foreign string is rejected rather than half-decoded.
 */
export function createBitReader(segment: string): BitReader {
  let bits = '';
  for (const char of segment) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Error('not base64url');
    bits += value.toString(2).padStart(6, '0');
  }
  let position = 0;
  const reader: BitReader = {
    int(count) {
      const end = position + count;
      if (end > bits.length) throw new Error('TC string ends early');
      const value = count ? parseInt(bits.slice(position, end), 2) : 0;
      position = end;
      return value;
    },
    bool: () => reader.int(1) == 1,
    flags(count) {
      const flags: Record<number, boolean> = {};
      for (let id = 1; id <= count; id++) flags[id] = reader.bool();
      return flags;
    },
  };
  return reader;
}
