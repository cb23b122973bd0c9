import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config/serverConfig.js';
import { dataFiles } from './config/serverConfig.js';
import { describeUrl } from './config/ingestConfig.js';
import { createDirectSink } from './ingest/directSink.js';
import type { IngestSink } from './ingest/ingestSink.js';
import { openJetStreamIngest } from './ingest/openJetStreamIngest.js';
import type { Store } from './storage/ports.js';
import { createPostgresStore } from './storage/postgres/createPostgresStore.js';
import { createSqliteStore } from './storage/sqlite/createSqliteStore.js';

/** The store and the ingest path in front of it, as the configuration asks. */
export interface Backends {
  store: Store;
  ingest: IngestSink;
  /** One line for the start-up log: engines and hosts, never a password or a full URL. */
  summary: string;
  /** Stops the writers, drains NATS, then closes the store. */
  close(): Promise<void>;
}

/**
 * DATABASE_URL → PostgreSQL, else the SQLite file in DATA_DIR. NATS_URL →
 * ingest through JetStream, with INGEST_WRITERS writers in this process; else routes write the
 * store directly.
 */
export async function openBackends(config: ServerConfig, logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Promise<Backends> {
  // TARMAC_ROLLUPS=off exists for the rollup benchmark (ingest cost with and without); the
  // console's charts read the rollups, so a server run this way shows empty dashboards.
  const rollups = process.env.TARMAC_ROLLUPS !== 'off';
  const store = config.databaseUrl
    ? await createPostgresStore({ url: config.databaseUrl, rollups, logger })
    : createSqliteStore({ file: dataFiles(config.dataDir).database, rollups, logger });
  const where = config.databaseUrl ? describeUrl(config.databaseUrl) : dataFiles(config.dataDir).database;
  const { natsUrl, stream, writers } = config.ingest;
  let ingest: IngestSink;
  try {
    ingest = natsUrl
      ? (await openJetStreamIngest({ url: natsUrl, stream, store, writers, connectionName: 'tarmac-server', logger })).sink
      : createDirectSink(store);
  } catch (error) {
    await store.close();
    throw new Error(`NATS at ${describeUrl(natsUrl ?? '')} cannot be used: ${(error as Error).message}`, { cause: error });
  }
  const path = natsUrl ? `jetstream (${describeUrl(natsUrl)}, stream ${stream}, ${writers} writer(s) in this process)` : 'direct';
  return {
    store,
    ingest,
    summary: `store ${store.engine} (${where}), ingest ${path}`,
    async close() {
      await ingest.close();
      await store.close();
    },
  };
}
