import { acknowledgedCount, startLoad, type LoadStats } from './loadGenerator.js';
import type { Topology } from './topology.js';
import { waitFor } from './waitFor.js';

/** One phase of the run: the fault at its start, and what the load saw until the next. */
export interface Phase {
  name: string;
  /** How long the fault took to happen and be recovered from (instance back, servers answering). */
  faultMs: number;
  /** Items acknowledged during the phase. */
  acknowledged: number;
  durationMs: number;
}

export interface FaultRun {
  stats: LoadStats;
  phases: Phase[];
  durationMs: number;
}

const LOOPS = 4;
// Each phase lasts at least this long and sees at least this many items acknowledged, so every
// fault meets a running load and the load is shown to go on after it.
const PHASE_MIN_MS = 7_000;
const PHASE_MIN_ITEMS = 40;
const PHASE_TIMEOUT_MS = 120_000;
// A request still failing this long after the load stopped is given up (and reported).
const SETTLE_MS = 120_000;

async function allHealthy(topology: Topology): Promise<void> {
  await waitFor(
    async () => {
      const replies = await Promise.all(topology.instances.map((i) => fetch(`${i.url}/healthz`).then((r) => r.ok, () => false)));
      return replies.every(Boolean) ? true : undefined;
    },
    { timeoutMs: PHASE_TIMEOUT_MS, what: 'every instance to answer /healthz with 200 again' },
  );
}

/**
 * The load run with its faults, one after another, each once the load is flowing: one instance
 * SIGKILLed and, with the load still going, started again; NATS restarted; PostgreSQL restarted
 * (immediate stop, so it recovers as after a crash). Resolves once every request got a 2xx or
 * was given up.
 */
export async function runLoadWithFaults(topology: Topology): Promise<FaultRun> {
  const runStarted = Date.now();
  let loadOn = true;
  let phaseName = 'warm-up';
  const { stats, finished } = startLoad({
    baseUrl: topology.balancer.url,
    runTag: topology.runTag,
    loops: LOOPS,
    keepGoing: () => loadOn,
    phase: () => phaseName,
    settleMs: SETTLE_MS,
  });
  const phases: Phase[] = [];

  // Lets the load run for a phase's worth of time and items; fails if it stops making progress.
  const dwell = async (since: number, ackedBefore: number) => {
    await waitFor(
      async () => (Date.now() - since >= PHASE_MIN_MS && acknowledgedCount(stats) - ackedBefore >= PHASE_MIN_ITEMS ? true : undefined),
      { timeoutMs: PHASE_TIMEOUT_MS, what: () => `${PHASE_MIN_ITEMS} items acknowledged in phase "${phaseName}" (${acknowledgedCount(stats) - ackedBefore} so far; ${JSON.stringify(stats.retriesByCause)} retries)` },
    );
  };
  const phase = async (name: string, fault: () => Promise<void>) => {
    phaseName = name;
    const started = Date.now();
    const ackedBefore = acknowledgedCount(stats);
    await fault();
    const faultMs = Date.now() - started;
    await dwell(started, ackedBefore);
    phases.push({ name, faultMs, acknowledged: acknowledgedCount(stats) - ackedBefore, durationMs: Date.now() - started });
  };

  const [, victim] = topology.instances;
  try {
    await phase('warm-up', async () => {});
    await phase(`${victim!.name} SIGKILLed`, () => victim!.kill());
    await phase(`${victim!.name} started again`, () => victim!.start());
    await phase('NATS restarted', async () => {
      await topology.nats.restart();
      await allHealthy(topology);
    });
    await phase('PostgreSQL restarted', async () => {
      await topology.postgres.restart({ mode: 'immediate' });
      await allHealthy(topology);
    });
    await phase('after the faults', async () => {});
  } finally {
    loadOn = false;
  }
  await finished;
  return { stats, phases, durationMs: Date.now() - runStarted };
}
