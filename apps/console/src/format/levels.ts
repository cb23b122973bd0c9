/** Log levels the console shows, by their wire number (DEBUG=1 … ERROR=4). */
export const levels = [
  { value: 4, name: 'ERROR' },
  { value: 3, name: 'WARN' },
  { value: 2, name: 'INFO' },
  { value: 1, name: 'DEBUG' },
] as const;

/** Name of a level; unknown numbers stay visible instead of being mislabelled. */
export function levelName(level: number): string {
  return levels.find((l) => l.value === level)?.name ?? `LEVEL ${level}`;
}

/** `file:line:col` of a group, shortened to the path so long URLs fit a table cell. */
export function shortLocation(fileName: string | null, lineNo: number | null, colNo?: number | null): string {
  if (!fileName) return '—';
  let path = fileName;
  try {
    path = new URL(fileName).pathname;
  } catch {
    // Not a URL (e.g. "<anonymous>"): show as it is.
  }
  const position = [lineNo, colNo].filter((n) => n != null).join(':');
  return position ? `${path}:${position}` : path;
}
