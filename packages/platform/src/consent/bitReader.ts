/** Sequential reads from one base64url segment of a TC string, most significant bit first. */
export interface BitReader {
  int(bits: number): number;
  bool(): boolean;
  /** `count` one-bit flags for ids 1..count. */
  flags(count: number): Record<number, boolean>;
}

// All-false flags for ids 1..count, one object per count seen. Copying one with a spread allocates
// the object's storage once; setting 1,200 vendor ids one by one into `{}` grows it again and
// again, which made most of a bit field's decoding time. A site's strings share their counts (24
// purposes, 12 special features, its highest vendor id), so few are kept; past 32 all are dropped,
// so strings with many different counts cannot pile them up.
let templates: Record<number, Record<number, boolean>> = {};
let kept = 0;
function allFalse(count: number): Record<number, boolean> {
  let template = templates[count];
  if (!template) {
    if (++kept > 32) {
      templates = {};
      kept = 1;
    }
    template = templates[count] = {};
    for (let id = 1; id <= count; id++) template[id] = false;
  }
  return { ...template };
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
  // bits of `sextet` not read yet
  let left = 0;
  const next = () => {
    if (index >= segment.length) throw new Error('TC string ends early');
    const c = segment.charCodeAt(index++);
    // a-z 26..51, '_' 63, A-Z 0..25, 0-9 52..61, '-' 62
    sextet = c > 96 ? c - 71 : c > 64 ? (c === 95 ? 63 : c - 65) : c > 47 ? c + 4 : 62;
    left = 6;
  };
  const reader: BitReader = {
    // Whole runs of a character's bits at once: a 16-bit id takes three or four steps, not 16.
    int(count) {
      let value = 0;
      while (count) {
        if (!left) next();
        const take = count < left ? count : left;
        left -= take;
        count -= take;
        // `*`, not `<<`: timestamps are 36 bits, past what 32-bit shifts keep
        value = value * (1 << take) + ((sextet >> left) & ((1 << take) - 1));
      }
      return value;
    },
    bool: () => reader.int(1) === 1,
    flags(count) {
      const flags = allFalse(count);
      for (let id = 1; id <= count; ) {
        if (!left) next();
        while (left && id <= count) flags[id++] = ((sextet >> --left) & 1) === 1;
      }
      return flags;
    },
  };
  return reader;
}
