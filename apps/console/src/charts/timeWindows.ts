import type { WindowChoice } from './WindowSelect';

/** The windows, in hours, that Signals, Vitals and Analytics offer, so they read alike. */
export const WINDOWS: readonly WindowChoice[] = [
  { value: 24, label: 'Last 24 hours' },
  { value: 168, label: 'Last 7 days' },
  { value: 720, label: 'Last 30 days' },
];

/** "last 24 hours" for a window in hours, to finish a sentence. */
export function windowLabel(hours: number): string {
  return (WINDOWS.find((w) => w.value === hours)?.label ?? `Last ${hours} hours`).toLowerCase();
}
