import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints on a thread of their own. A checkpoint copies the WAL's pages into the
 * database file and fsyncs it; left to SQLite's auto-checkpoint, it runs inside whichever COMMIT
 * crosses 1,000 pages, on the event loop, stalling every request for the copy and the fsync
 * (6–10% of ingest time in a profile). A second connection on a worker thread checkpoints
 * (PASSIVE: never waits for, nor blocks, the writer) every `everyMs` instead, and the writer's
 * auto-checkpoint is raised to a backstop for a checkpointer that cannot keep up.
 */
export interface Checkpointer {
  /** Stops the thread after one last checkpoint. */
  stop(): Promise<void>;
}

/** Pages the writer lets the WAL grow to before it checkpoints itself (the backstop). */
export const BACKSTOP_PAGES = 20_000;

// The worker's code, kept in this file: it opens the same database and checkpoints on a timer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* the writer's backstop covers it */ } };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage('closed'); });
`;

/** Starts checkpointing `file` (an on-disk WAL database) every `everyMs`. */
export function startCheckpointer(file: string, everyMs = 200): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, everyMs, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.unref();
  // A checkpointer that fails (the file cannot be opened on its thread) must not take the server
  // down: the writer's backstop auto-checkpoint still bounds the WAL.
  worker.on('error', () => {});
  let exited = false;
  worker.once('exit', () => {
    exited = true;
  });
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        worker.once('message', () => void worker.terminate().then(() => resolve()));
        worker.once('error', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      });
      return stopping;
    },
  };
}
