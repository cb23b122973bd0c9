import { LogLevel } from './levels.js';
import type { ClientLogMessage, LogRules, IgnoreRule, PlatformIgnoreRule } from './types.js';

type Matchable = Pick<ClientLogMessage, 'message' | 'fileName' | 'level'>;

/** Same semantics as the server's ingest filter: every present field matches, none = nothing. */
export function matchesIgnoreRule({ message, fileName, level }: IgnoreRule, m: Matchable): boolean {
  return (
    (message ?? fileName ?? level) != null &&
    (message == null || m.message.includes(message)) &&
    (fileName == null || (m.fileName ?? '').includes(fileName)) &&
    (level == null || m.level <= level)
  );
}

/** The rules the server last sent, and the test the logger runs before sending. */
export interface IgnoreList {
  /** Takes the rules of a reply; every reply carries all current rules, so the last one wins. */
  add(reply: LogRules): void;
  matches(message: Matchable): boolean;
}

/**
 * Keeps the operator's current ignore rules for one logger. The server answers every batch
 * with its whole settings, so the latest reply replaces what came before: a rule the operator
 * removes in the console stops silencing open pages on their next flush. A platform rule aimed
 * at this browser (its `userAgent` a non-empty part of ours) becomes an ordinary rule: its
 * message, or every level when it names none.
 */
export function createIgnoreList(userAgent: string): IgnoreList {
  let rules: IgnoreRule[] = [];
  return {
    add({ ignore, platformIgnores }) {
      rules = Array.isArray(ignore) ? ignore.filter((rule) => rule && typeof rule === 'object') : [];
      if (Array.isArray(platformIgnores))
        for (const rule of platformIgnores as (PlatformIgnoreRule | null)[])
          if (rule?.userAgent && userAgent.includes(rule.userAgent))
            rules.push(rule.message == null ? { level: LogLevel.ERROR } : { message: rule.message });
    },
    matches: (message) => rules.some((rule) => matchesIgnoreRule(rule, message)),
  };
}
