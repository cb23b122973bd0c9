import { startNats, startPostgres, type PrivateNats, type PrivatePostgres } from '../../../scripts/lib/privateServices.mjs';
import { startBalancer, type Balancer } from './balancer.js';
import { createInstance, type Instance } from './instances.js';

/** Everything the topology test runs, started by `startTopology()`. */
export interface Topology {
  postgres: PrivatePostgres;
  nats: PrivateNats;
  instances: Instance[];
  balancer: Balancer;
  consoleToken: string;
  /** Marks this run's data apart from anything else (perf page tags, log products, verticals). */
  runTag: string;
  /** The instances' recent output, for a failure message. */
  outputs(): string;
  stop(): Promise<void>;
}

const INSTANCES = 3;

/**
 * A private PostgreSQL and nats-server, three server instances using both (started together, so
 * they race to migrate), and a round-robin balancer in front of them. Whatever started is stopped
 * again when a later part fails to start.
 */
export async function startTopology(): Promise<Topology> {
  const runTag = `topo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const consoleToken = `topology-console-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('teardown:', error));
  };
  try {
    const [postgres, nats] = await Promise.all([startPostgres(), startNats()]);
    stops.push(() => postgres.stop(), () => nats.stop());
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      // The test must know the token to read the console API; every instance gets the same.
      CONSOLE_TOKEN: consoleToken,
      R9_VERSION: runTag,
      // One client (this test) sends the whole load through one balancer address.
      RATE_LIMIT_INGEST: '0',
    };
    const instances = await Promise.all(Array.from({ length: INSTANCES }, (_, i) => createInstance(`instance${i + 1}`, env)));
    // Instances stop before the services they use, and before their folders go.
    stops.push(() => Promise.all(instances.map((instance) => instance.stop())).then(() => undefined));
    await Promise.all(instances.map((instance) => instance.start()));
    const balancer = await startBalancer(() => instances.map((instance) => instance.port));
    stops.push(() => balancer.close());
    return {
      postgres,
      nats,
      instances,
      balancer,
      consoleToken,
      runTag,
      outputs: () => instances.map((instance) => `--- ${instance.name} ---\n${instance.output().slice(-4000)}`).join('\n'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
