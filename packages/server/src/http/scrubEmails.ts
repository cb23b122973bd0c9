import { EMAIL_ADDRESS } from '@tarmac/platform/transport';

// The browser logger's rule, run so that hostile text costs linear time. Replacing with the rule
// as is tries every start position and rescans the run after it: quadratic in a long run of
// address characters (0.5 s for a 256 KiB body of them, measured). But an address can only start
// where such a run starts, or where the previous address ended: if one started later in the same
// run, the run's earlier characters would extend its local part back to there. So the rule is
// tried, anchored (sticky), at those places only; each try is the rule's own matching, so the
// result is `text.replace(EMAIL_ADDRESS, '{email}')` exactly (logs/scrubEmails.test.ts checks both
// on the shared cases and on random text).
const LOCAL_PART_CHAR = /^\[(?:\\.|[^\]\\])*\]/.exec(EMAIL_ADDRESS.source)![0];
const FLAGS = EMAIL_ADDRESS.flags.replace('g', '');
const ADDRESS_HERE = new RegExp(EMAIL_ADDRESS.source, `${FLAGS}y`);
const RUN_START = new RegExp(`(?<!${LOCAL_PART_CHAR})${LOCAL_PART_CHAR}`, `${FLAGS}g`);

/**
 * Replaces e-mail addresses with `{email}`, by the platform logger's rule (`%40`-encoded ones
 * included). The browser logger already does this; the server repeats it because an old, buggy
 * or hand-made client must not be able to store personal data.
 */
export function scrubEmails(text: string): string {
  // Every address has its `@` (or `%40`): text without one, nearly all of it, is returned as is.
  if (!text.includes('@') && !text.includes('%40')) return text;
  let out = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    ADDRESS_HERE.lastIndex = at;
    if (ADDRESS_HERE.exec(text)) {
      out += `${text.slice(copied, at)}{email}`;
      copied = at = ADDRESS_HERE.lastIndex;
      continue;
    }
    RUN_START.lastIndex = at + 1;
    const next = RUN_START.exec(text);
    if (!next) break;
    at = next.index;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
