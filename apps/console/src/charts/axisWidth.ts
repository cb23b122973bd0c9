/**
 * Pixels a category axis needs for its longest label at `fontSize`, within [min, max]: recharts
 * gives the axis a fixed width and cuts off the start of longer labels, which hides exactly the
 * part that tells them apart. Uses an average glyph width (about 0.58 em for the UI sans-serif).
 */
export function axisWidth(labels: string[], fontSize = 12, min = 48, max = 240): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.min(max, Math.max(min, Math.ceil(longest * fontSize * 0.58) + 12));
}

/** A label cut to `maxChars` with an ellipsis, for labels longer than {@link axisWidth}'s cap. */
export function clip(label: string, maxChars: number): string {
  return label.length <= maxChars ? label : `${label.slice(0, Math.max(1, maxChars - 1))}…`;
}

/**
 * Margin a chart needs beside its plot so an x tick label centred on the first or last category
 * is drawn whole: half the label's width (same glyph estimate as {@link axisWidth}), never less
 * than `min`. Recharts clips what falls outside the SVG, which cut the newest time off timelines.
 */
export function edgeRoom(label: string, fontSize = 12, min = 16): number {
  return Math.max(min, Math.ceil((label.length * fontSize * 0.58) / 2) + 4);
}
