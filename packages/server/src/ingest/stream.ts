import type { JetStreamManager } from '@nats-io/jetstream';
import { DiscardPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** The queued kinds; signals and consent never travel through the stream (see jetstreamSink.ts). */
export const QUEUED_KINDS = ['logs', 'perf', 'analytics'] as const;
export type QueuedKind = (typeof QUEUED_KINDS)[number];

/** Names of the stream and its limits; each test run passes a name of its own. */
export interface IngestStreamOptions {
  /** Stream name (NATS_STREAM); its subjects are `<name>.logs|perf|analytics`. */
  name: string;
  /**
   * How long JetStream remembers a `Nats-Msg-Id` and drops a re-sent copy before it reaches a
   * writer. Longer than the platform transport's retries usually take; the store's own
   * idempotency catches what arrives later.
   */
  duplicateWindowMs?: number;
  /**
   * Backstop only: acknowledged items leave the stream once written (work-queue retention); this
   * bounds the disk an outage of every writer can fill. Items older than this are gone.
   */
  maxAgeMs?: number;
}

export const DEFAULT_STREAM_NAME = 'TARMAC_INGEST';
const DEFAULT_DUPLICATE_WINDOW_MS = 10 * 60_000;
const DEFAULT_MAX_AGE_MS = 7 * 24 * 3_600_000;

/** The subject items of `kind` are published on. */
export const ingestSubject = (stream: string, kind: QueuedKind): string => `${stream}.${kind}`;

/**
 * Creates the stream when it is missing; an existing one is left as it is (another instance made
 * it, or an operator tuned it). File storage, so an acknowledged publish survives a NATS restart.
 */
export async function ensureIngestStream(jsm: JetStreamManager, options: IngestStreamOptions): Promise<void> {
  try {
    await jsm.streams.info(options.name);
    return;
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
  }
  try {
    await jsm.streams.add({
      name: options.name,
      subjects: QUEUED_KINDS.map((kind) => ingestSubject(options.name, kind)),
      storage: StorageType.File,
      // A message leaves once a writer acknowledged it: the stream is a queue, not an archive.
      retention: RetentionPolicy.Workqueue,
      // Full means refuse new items (the route answers 503), never silently drop old ones.
      discard: DiscardPolicy.New,
      duplicate_window: nanos(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS),
      max_age: nanos(options.maxAgeMs ?? DEFAULT_MAX_AGE_MS),
    });
  } catch (error) {
    // Several instances starting together: whoever lost the race finds the winner's stream.
    await jsm.streams.info(options.name).catch(() => {
      throw error;
    });
  }
}

/** Whether `error` is JetStream's API error with this code. */
export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}
