import { DEFAULT_STREAM_NAME } from '../ingest/stream.js';

/** How ingest reaches the store: directly, or through NATS JetStream. */
export interface IngestConfig {
  /** NATS_URL: set, ingest goes through JetStream; unset, routes write the store directly. */
  natsUrl: string | undefined;
  /** NATS_STREAM: the stream's name (its subjects follow from it); TARMAC_INGEST by default. */
  stream: string;
  /** INGEST_WRITERS: writers in this process; 1 with NATS_URL, 0 when separate workers run. */
  writers: number;
}

const STREAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads NATS_URL, NATS_STREAM and INGEST_WRITERS. NATS_URL needs DATABASE_URL: JetStream in front
 * of SQLite would be legal but pointless. The SQLite file belongs to one process, which already
 * commits each request durably before replying (group commit), so a queue adds a hop, a service
 * and a second copy of every item while buying neither scale-out nor durability. Refusing says so
 * at start-up instead of leaving an operator to find out under load.
 */
export function readIngestConfig(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): IngestConfig {
  const natsUrl = env.NATS_URL || undefined;
  if (natsUrl !== undefined) {
    if (!/^(nats|tls):\/\//.test(natsUrl)) throw new Error('NATS_URL must be a nats:// or tls:// URL (or several, comma-separated)');
    if (databaseUrl === undefined) {
      throw new Error(
        'NATS_URL is set without DATABASE_URL: JetStream in front of the single SQLite file adds a hop and buys nothing. ' +
          'Set DATABASE_URL=postgres://… to scale out, or unset NATS_URL to run on SQLite.',
      );
    }
  }
  const stream = env.NATS_STREAM || DEFAULT_STREAM_NAME;
  if (!STREAM_NAME.test(stream)) throw new Error(`NATS_STREAM must be letters, digits, _ or - (at most 64), got "${stream}"`);
  const writers = readWriterCount(env.INGEST_WRITERS, natsUrl !== undefined ? 1 : 0);
  if (writers > 0 && natsUrl === undefined) throw new Error('INGEST_WRITERS needs NATS_URL: without JetStream, routes write the store themselves');
  return { natsUrl, stream, writers };
}

/** A count of writers: a whole number from 0 to 32, or `fallback` when unset. */
export function readWriterCount(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 32) throw new Error(`INGEST_WRITERS must be a whole number from 0 to 32, got "${value}"`);
  return count;
}

/**
 * A connection URL fit for a log line: scheme, host and port only. User names, passwords,
 * tokens and query strings (`?password=`) never reach the log.
 */
export function describeUrl(url: string): string {
  return url
    .split(',')
    .map((one) => {
      try {
        const parsed = new URL(one.trim());
        return `${parsed.protocol}//${parsed.host}`;
      } catch {
        return '(unparseable URL)';
      }
    })
    .join(',');
}
