import type { ClientLogMessage, ClientLogReply, IgnoreRule, PlatformIgnoreRule } from './types.js';

type Matchable = Pick<ClientLogMessage, 'message' | 'fileName' | 'level'>;

/** Same semantics as the server's ingest filter: every present field matches, none = nothing. */
export function matchesIgnoreRule(rule: IgnoreRule, message: Matchable): boolean {
  let checked = false;
  if (typeof rule.message === 'string') {
    if (!message.message.includes(rule.message)) return false;
    checked = true;
  }
  if (typeof rule.fileName === 'string') {
    if (!(message.fileName ?? '').includes(rule.fileName)) return false;
    checked = true;
  }
  if (typeof rule.level === 'number') {
    if (message.level > rule.level) return false;
    checked = true;
  }
  return checked;
}

/** A rule aimed at this browser: an empty `userAgent` targets no one rather than everyone. */
export function matchesPlatformRule(rule: PlatformIgnoreRule, message: Matchable, userAgent: string): boolean {
  if (typeof rule.userAgent !== 'string' || rule.userAgent === '' || !userAgent.includes(rule.userAgent)) return false;
  return typeof rule.message !== 'string' || message.message.includes(rule.message);
}

const MAX_RULES = 200;

/** The rules this page has been told so far, and the test the logger runs before sending. */
export interface IgnoreList {
  /** Adds the rules of a reply; rules only accumulate, "no longer sent from this page". */
  add(reply: ClientLogReply): void;
  matches(message: Matchable): boolean;
}

/** Keeps the operator's ignore rules, deduplicated and bounded, for one logger. */
export function createIgnoreList(userAgent: string): IgnoreList {
  const rules = new Map<string, IgnoreRule>();
  const platformRules = new Map<string, PlatformIgnoreRule>();
  const remember = <R>(into: Map<string, R>, list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const rule of list as unknown[]) {
      if (rule && typeof rule === 'object' && into.size < MAX_RULES) into.set(JSON.stringify(rule), rule as R);
    }
  };
  return {
    add(reply) {
      remember(rules, reply.ignore);
      remember(platformRules, reply.platformIgnores);
    },
    matches(message) {
      for (const rule of rules.values()) if (matchesIgnoreRule(rule, message)) return true;
      for (const rule of platformRules.values()) if (matchesPlatformRule(rule, message, userAgent)) return true;
      return false;
    },
  };
}
