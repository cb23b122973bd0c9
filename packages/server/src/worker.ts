import { describeUrl, readIngestConfig, readWriterCount } from './config/ingestConfig.js';
import { createLineLogger } from './ingest/lineLogger.js';
import { openJetStreamIngest } from './ingest/openJetStreamIngest.js';
import { createPostgresStore } from './storage/postgres/createPostgresStore.js';

// `npm run worker`: JetStream writers without an HTTP server, for when writing needs more hands
// than the server instances have (they may then run with INGEST_WRITERS=0). Any number of these
// share the stream's durable consumer. SIGTERM/SIGINT: what is held is written and acknowledged,
// the connection drained, exit 0.

async function main(): Promise<void> {
  const logger = createLineLogger('tarmac-worker');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !process.env.NATS_URL) throw new Error('The worker needs DATABASE_URL (postgres://…) and NATS_URL (nats://…)');
  const config = readIngestConfig(process.env, databaseUrl);
  const writers = readWriterCount(process.env.INGEST_WRITERS, 1);
  if (writers === 0) throw new Error('INGEST_WRITERS=0 leaves the worker nothing to do');
  const store = await createPostgresStore({ url: databaseUrl });
  const ingest = await openJetStreamIngest({
    url: config.natsUrl!,
    stream: config.stream,
    store,
    writers,
    connectionName: 'tarmac-worker',
    logger,
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  logger.info(
    { store: describeUrl(databaseUrl), nats: describeUrl(config.natsUrl!), stream: config.stream, writers },
    'Tarmac worker writing queued ingest to PostgreSQL',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: writing what is held, then stopping`);
    try {
      await ingest.sink.close();
      await store.close();
      process.exit(0);
    } catch (error) {
      logger.error({ cause: (error as Error).message }, 'Worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Tarmac worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
