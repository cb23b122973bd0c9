import type { ClientLogMessage, LogRules, IgnoreRule, PlatformIgnoreRule } from './contract.js';

/** The parts of a message the operator's rules look at. */
type Matchable = Pick<ClientLogMessage, 'message' | 'fileName' | 'level'>;

/** True when every field the rule has matches; a rule with no field matches nothing. */
export function matchesIgnoreRule(rule: IgnoreRule, message: Matchable): boolean {
  let checked = false;
  if (rule.message !== undefined) {
    if (!message.message.includes(rule.message)) return false;
    checked = true;
  }
  if (rule.fileName !== undefined) {
    if (!(message.fileName ?? '').includes(rule.fileName)) return false;
    checked = true;
  }
  if (rule.level !== undefined) {
    if (message.level > rule.level) return false;
    checked = true;
  }
  return checked;
}

/** True when the browser's user agent is targeted and the message matches (all when no message). */
export function matchesPlatformRule(rule: PlatformIgnoreRule, message: Matchable, userAgent: string): boolean {
  if (rule.userAgent === '' || !userAgent.includes(rule.userAgent)) return false;
  return rule.message === undefined || message.message.includes(rule.message);
}

/**
 * Decides on the server what the browser would have dropped, so pages loaded before a rule was
 * added cost no storage either.
 */
export function isIgnored(settings: LogRules, message: Matchable, userAgent: string): boolean {
  return (
    (settings.ignore ?? []).some((rule) => matchesIgnoreRule(rule, message)) ||
    (settings.platformIgnores ?? []).some((rule) => matchesPlatformRule(rule, message, userAgent))
  );
}
