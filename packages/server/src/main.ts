import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { readServerConfig } from './config/serverConfig.js';
import { resolveSharedState } from './config/sharedSecrets.js';
import { createLineLogger } from './ingest/lineLogger.js';
import { openBackends } from './openBackends.js';

// The server's entry point (`npm start`): configuration from the environment, one SQLite file in
// the data directory (or PostgreSQL, and JetStream in front of it: openBackends.ts), a clean
// shutdown on Ctrl-C so the database is closed, not abandoned.

async function main(): Promise<void> {
  const config = readServerConfig();
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const backends = await openBackends(config, createLineLogger('tarmac-ingest'));
  // Console token, form-token secret, signals key ring, rate-limit counters: in DATA_DIR and
  // memory on SQLite, in the store when other instances share it (config/sharedSecrets.ts).
  const { consoleToken, ...shared } = await resolveSharedState(config, backends.store);
  const app = await buildApp({
    storage: backends.store,
    ingest: backends.ingest,
    consoleToken,
    ...shared,
    version: config.version,
    logger: true,
    logRules: config.logRules,
    https: config.https,
    trustProxy: config.trustProxy,
    geo: config.geo,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      // Waits for requests in flight; meanwhile replies say Connection: close and new requests
      // get a 503 with Retry-After (http/draining.ts).
      await app.close();
      // Writers finish what they hold, NATS is drained, then the store closes.
      await backends.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  app.log.info(`Using ${backends.summary}`);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://localhost:${port}`;
  // The one deliberate print of a secret: the operator needs the token to open the console.
  console.log(
    [
      '',
      `  Tarmac is running.`,
      `  Site:          ${base}/`,
      `  Console:       ${base}/console/#token=${encodeURIComponent(consoleToken)}`,
      `  Console token: ${consoleToken}`,
      `  Data:          ${config.dataDir}`,
      `  Storage:       ${backends.summary}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Tarmac server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
