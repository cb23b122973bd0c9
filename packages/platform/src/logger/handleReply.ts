import type { HttpResult } from '../transport/index.js';
import type { IgnoreList } from './ignoreRules.js';
import type { ClientLogReply } from './types.js';

/** What a reply can make the logger do besides remembering rules. */
export interface ReplyEffects {
  ignores: IgnoreList;
  stop(): void;
  /** Writes to the browser console without the write coming back into the logger. */
  say(kind: 'info' | 'error', ...args: unknown[]): void;
}

const isReply = (body: unknown): body is ClientLogReply => typeof body === 'object' && body !== null && !Array.isArray(body);

/**
 * Acts on the final result of each request. Console output is deduplicated (a note is shown
 * once, a failing status reported once) because the same reply comes back every second and a
 * broken server must not flood the developer's console. A request that got no reply at all
 * (status 0: offline, blocked) is not a "server side error" and stays silent.
 */
export function createReplyHandler(effects: ReplyEffects): (result: HttpResult) => void {
  const shownNotes = new Set<string>();
  const reportedStatuses = new Set<number>();
  return (result) => {
    if (result.status === 0) return;
    if (result.status !== 200) {
      if (!reportedStatuses.has(result.status)) {
        reportedStatuses.add(result.status);
        effects.say('error', 'Server side error', result.status);
      }
      return;
    }
    const reply = result.body;
    if (!isReply(reply)) return;
    if (typeof reply.message === 'string' && reply.message && !shownNotes.has(reply.message)) {
      shownNotes.add(reply.message);
      effects.say('info', reply.message);
    }
    effects.ignores.add(reply);
    if (reply.stopLogging === true) effects.stop();
  };
}
