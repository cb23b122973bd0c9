// The signals console API's replies (docs/signals.md), owned by the server and imported type-only.
export type { SignalBucket, SignalSummary, ValueCount } from '@tarmac/server/contracts';
