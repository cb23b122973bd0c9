import { useCallback, useEffect, useRef, useState } from 'react';

/** Options of {@link usePolling}. */
export interface PollingOptions {
  intervalMs: number;
  /** Paused: run once (so a new `key` still loads) but schedule nothing after. */
  paused?: boolean;
  /** Changing the key restarts polling at once, e.g. when filters change. */
  key?: string;
}

/**
 * Runs `task` now and then `intervalMs` after each run finishes (never overlapping, so a slow
 * server is not piled up on). The signal aborts when the key changes or the view unmounts,
 * so a late reply never overwrites a newer one.
 */
export function usePolling(task: (signal: AbortSignal) => Promise<void>, options: PollingOptions): { refresh(): void } {
  const { intervalMs, paused = false, key = '' } = options;
  const taskRef = useRef(task);
  useEffect(() => {
    taskRef.current = task;
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      try {
        await taskRef.current(controller.signal);
      } catch {
        // The task reports its own errors; polling simply carries on.
      }
      if (!paused && !controller.signal.aborted) timer = setTimeout(run, intervalMs);
    };
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [intervalMs, paused, key, round]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { refresh };
}
