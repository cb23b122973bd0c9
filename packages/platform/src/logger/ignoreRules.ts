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

/** A rule aimed at this browser: an empty `userAgent` targets no one rather than everyone. */
export function matchesPlatformRule({ userAgent, message }: PlatformIgnoreRule, m: Matchable, ua: string): boolean {
  return !!userAgent && ua.includes(userAgent) && (message == null || m.message.includes(message));
}

/** The rules this page has been told so far, and the test the logger runs before sending. */
export interface IgnoreList {
  /** Adds the rules of a reply; rules only accumulate, "no longer sent from this page". */
  add(reply: ClientLogReply): void;
  matches(message: Matchable): boolean;
}

/** Keeps the operator's ignore rules for one logger, deduplicated and bounded. */
export function createIgnoreList(userAgent: string): IgnoreList {
  // Keyed by kind and JSON: every reply repeats the server's rules, they are kept once.
  const rules = new Map<string, (message: Matchable) => boolean>();
  const remember = <R>(list: unknown, kind: string, match: (rule: R, message: Matchable) => boolean): void => {
    if (Array.isArray(list))
      for (const rule of list as R[])
        if (rule && typeof rule == 'object' && rules.size < 200) rules.set(kind + JSON.stringify(rule), (m) => match(rule, m));
  };
  return {
    add({ ignore, platformIgnores }) {
      remember(ignore, 'i', matchesIgnoreRule);
      remember<PlatformIgnoreRule>(platformIgnores, 'p', (rule, m) => matchesPlatformRule(rule, m, userAgent));
    },
    matches: (message) => [...rules.values()].some((match) => match(message)),
  };
}
