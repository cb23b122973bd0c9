import type { DropReason } from './dropTypes';

/** How an operator should read a reason: something to look into, or the platform doing its job. */
export type ReasonKind = 'problem' | 'expected';

/** What the console says about one reason. */
export interface ReasonInfo {
  label: string;
  meaning: string;
  action: string;
  kind: ReasonKind;
  color: string;
}

/**
 * Every reason the platform reports, in plain words: what happened on the page and what an
 * operator can do about it. Keyed by the server's `DropReason`, so a new reason does not
 * compile until it is explained here. The order is the chart's stacking order.
 */
export const DROP_REASONS: Record<DropReason, ReasonInfo> = {
  queue_full: {
    label: 'Queue full',
    meaning: 'The page queued more than it may hold while the server was slow or unreachable, so the oldest items were pushed out.',
    action: 'Check ingest latency and errors at those times; a page logging in a loop fills its queue too.',
    kind: 'problem',
    color: '#f59f00',
  },
  retries_exhausted: {
    label: 'Gave up after retries',
    meaning: 'Every attempt to send a batch failed (no reply, 429 or 5xx).',
    action: 'Look at server health, rate limits and Retry-After values at those times.',
    kind: 'problem',
    color: '#e03131',
  },
  rejected: {
    label: 'Refused by the server',
    meaning: 'The server answered a batch with a 4xx other than 429, so sending it again would never help.',
    action: "Find the refusal code in the server's warnings; usually pages and server disagree on the contract after a release.",
    kind: 'problem',
    color: '#9c36b5',
  },
  oversize: {
    label: 'Too large to send',
    meaning: 'One item alone was larger than the queue may hold, or could not be turned into JSON.',
    action: 'Find the log call or event that attaches large or circular data and trim what it sends.',
    kind: 'problem',
    color: '#d6336c',
  },
  filtered: {
    label: 'Filtered on the page',
    meaning: "A beforeSend hook or the operator's ignore rules refused the item before it was queued.",
    action: 'Nothing, unless the count looks too high: then review the ignore rules in Logs settings.',
    kind: 'expected',
    color: '#4c6ef5',
  },
  stopped: {
    label: 'Logging stopped',
    meaning: 'The server told pages to stop logging, so they kept nothing from then on.',
    action: 'Expected while "Stop logging" is on in Logs settings; turn it off to receive logs again.',
    kind: 'expected',
    color: '#868e96',
  },
  consent: {
    label: 'No consent',
    meaning: 'The visitor refused consent for what the item measures.',
    action: "Nothing to fix: this is the visitor's choice. The Consent section shows how often visitors refuse.",
    kind: 'expected',
    color: '#12b886',
  },
};

/** The reasons in the order the chart stacks and the table lists them. */
export const REASON_ORDER = Object.keys(DROP_REASONS) as DropReason[];
