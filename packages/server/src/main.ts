import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { dataFiles, readServerConfig } from './config/serverConfig.js';
import { readOrCreateSecret } from './config/secrets.js';
import { loadSignalKeyRing, readSignalsKeyGrace } from './signals/signalKeyRing.js';
import { createSqliteStore } from './storage/sqlite/createSqliteStore.js';

// The server's entry point (`npm start`): configuration from the environment, one SQLite file in
// the data directory, a clean shutdown on Ctrl-C so the database is closed, not abandoned.

async function main(): Promise<void> {
  const config = readServerConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set, but this build has no PostgreSQL adapter yet; unset it to use SQLite');
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const files = dataFiles(config.dataDir);
  const consoleToken = config.consoleToken ?? readOrCreateSecret(files.consoleToken);
  const sessionSecret = config.sessionSecret ?? readOrCreateSecret(files.sessionSecret);
  const storage = createSqliteStore({ file: files.database });
  const app = await buildApp({
    storage,
    consoleToken,
    sessionSecret,
    version: config.version,
    logger: true,
    logRules: config.logRules,
    signalKeys: loadSignalKeyRing(config.signalsKeyFile ?? files.signalsKey, { graceMinutes: readSignalsKeyGrace() }),
    https: config.https,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
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
      await storage.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

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
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Tarmac server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
