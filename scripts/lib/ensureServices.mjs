// PostgreSQL and NATS (JetStream) for `npm test`: resolved once per run (serviceResolution.mjs
// says in which order), exported to the test steps as TEST_DATABASE_URL and TEST_NATS_URL. Private
// instances started here are stopped by `stop()` or, if the run dies first, with this process.
import {
  canInstallServices,
  installServiceBinaries,
  jetStreamAnswers,
  postgresAnswers,
  serviceBinaries,
  startNats,
  startPostgres,
} from './privateServices.mjs';
import { resolveService, ServiceUnavailableError } from './serviceResolution.mjs';
import { run, step } from './run.mjs';

const HOW = `  Provide it in one of these ways:
    - point the tests at a server: TEST_DATABASE_URL=postgres://user@host:port/db (a role that may
      create databases) and TEST_NATS_URL=nats://host:port (JetStream enabled);
    - run one on the standard local port: PostgreSQL on 127.0.0.1:5432 with user postgres and trust
      auth, nats-server -js on 127.0.0.1:4222;
    - or install them (Debian/Ubuntu: sudo apt-get install -y postgresql nats-server) and the tests
      start private instances of their own.`;

let installation;
// Both servers come from one apt-get run; whichever service asks first starts it.
const installOnce = () => (installation ??= (step('Installing PostgreSQL and NATS (apt-get install -y postgresql nats-server)'), installServiceBinaries(run)));

const services = [
  {
    name: 'PostgreSQL',
    envVar: 'TEST_DATABASE_URL',
    localUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    probe: postgresAnswers,
    binariesPresent: () => serviceBinaries().postgres,
    startPrivate: () => startPostgres(),
  },
  {
    name: 'NATS with JetStream',
    envVar: 'TEST_NATS_URL',
    localUrl: 'nats://127.0.0.1:4222',
    probe: jetStreamAnswers,
    binariesPresent: () => serviceBinaries().nats,
    startPrivate: () => startNats(),
  },
];

const describeSource = { env: 'from the environment', local: 'on the standard local port', private: 'a private instance for this run' };

/**
 * Resolves both services, sets TEST_DATABASE_URL and TEST_NATS_URL in this process's environment
 * (every later step inherits it) and returns `stop()`, which ends the private instances. Exits
 * with a message saying how to provide a service when one cannot be had.
 */
export async function ensureServices() {
  step('Services for the tests (PostgreSQL, NATS JetStream)');
  const resolved = [];
  try {
    for (const service of services) {
      const found = await resolveService({ ...service, env: process.env, canInstall: canInstallServices, install: installOnce, help: HOW });
      resolved.push(found);
      process.env[service.envVar] = found.url;
      console.log(`✓ ${service.name}: ${describeSource[found.source]}`);
    }
  } catch (error) {
    await Promise.all(resolved.map((found) => found.stop()));
    console.error(`\n✗ ${error instanceof ServiceUnavailableError ? error.message : `Could not start the services for the tests: ${error.message}`}`);
    process.exit(1);
  }
  return { stop: () => Promise.all(resolved.map((found) => found.stop())) };
}

/**
 * The topology test starts (and restarts) servers of its own from the installed binaries: makes
 * sure they are there, installing them on Debian as root, or exits saying how to get them.
 */
export async function ensureServiceBinaries() {
  const present = serviceBinaries();
  if (present.postgres && present.nats) return;
  if (canInstallServices() && (await installOnce())) return;
  console.error(`\n✗ The topology test runs private PostgreSQL and nats-server instances, but ${[
    present.postgres ? '' : 'PostgreSQL (/usr/lib/postgresql/<version>/bin)',
    present.nats ? '' : 'nats-server (/usr/sbin/nats-server)',
  ].filter(Boolean).join(' and ')} is not installed.
  Install them: on Debian/Ubuntu \`sudo apt-get install -y postgresql nats-server\`.`);
  process.exit(1);
}
