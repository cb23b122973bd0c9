// The drops console API's reply (docs/client-logs.md, "Dropped items"), owned by the server and
// imported type-only so the console bundle never pulls server code.
export type { DropBucket, DropCount, DropReason, DropSource, DropSummary, ProductDropCount } from '@tarmac/server/contracts';
