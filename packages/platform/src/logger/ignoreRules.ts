import { LogLevel } from './levels.js';
import type { ClientLogMessage, ClientLogReply, IgnoreRule, PlatformIgnoreRule } from './types.js';

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

/** The rules this page has been told so far, and the test the logger runs before sending. */
export interface IgnoreList {
  /** Adds the rules of a reply; rules only accumulate, "no longer sent from this page". */
  add(reply: ClientLogReply): void;
  matches(message: Matchable): boolean;
}

/**
 * Keeps the operator's ignore rules for one logger, deduplicated and bounded. A platform rule
 * aimed at this browser (its `userAgent` a non-empty part of ours) becomes an ordinary rule:
 * its message, or every level when it names none.
 */
export function createIgnoreList(userAgent: string): IgnoreList {
  // Keyed by JSON: every reply repeats the server's rules, they are kept once.
  const rules = new Map<string, IgnoreRule>();
  const remember = (rule: IgnoreRule): void => {
    if (rule && typeof rule == 'object' && rules.size < 200) rules.set(JSON.stringify(rule), rule);
  };
  return {
    add({ ignore, platformIgnores }) {
      if (Array.isArray(ignore)) ignore.forEach(remember);
      if (Array.isArray(platformIgnores))
        for (const rule of platformIgnores as (PlatformIgnoreRule | null)[])
          if (rule?.userAgent && userAgent.includes(rule.userAgent))
            remember(rule.message == null ? { level: LogLevel.ERROR } : { message: rule.message });
    },
    matches: (message) => [...rules.values()].some((rule) => matchesIgnoreRule(rule, message)),
  };
}
