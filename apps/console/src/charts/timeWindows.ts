/** The time windows every dashboard offers, so Signals, Vitals and Analytics read alike. */
export const WINDOWS = [
  { hours: 24, label: 'Last 24 hours' },
  { hours: 168, label: 'Last 7 days' },
  { hours: 720, label: 'Last 30 days' },
] as const;
