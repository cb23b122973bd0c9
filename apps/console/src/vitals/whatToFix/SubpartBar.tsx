import { SUBPART_COLORS, SUBPART_LABELS } from './hints';

const WIDTH = 300;
const HEIGHT = 14;

/**
 * The subparts of a metric as one stacked bar (SVG, no chart library): each subpart's p75 as a
 * share of their sum, in the order they happen, each segment titled with its name and value.
 */
export function SubpartBar({ subparts, format }: { subparts: Record<string, number | null>; format(value: number): string }) {
  const parts = Object.entries(subparts).map(([name, value], i) => ({ name, value: value ?? 0, color: SUBPART_COLORS[i % SUBPART_COLORS.length]! }));
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  if (total <= 0) return null;
  const label = parts.map((part) => `${SUBPART_LABELS[part.name] ?? part.name} ${format(part.value)}`).join(', ');
  let x = 0;
  return (
    <svg className="fix__bar" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label} data-testid="subpart-bar">
      <title>{label}</title>
      {parts.map((part) => {
        const width = (part.value / total) * WIDTH;
        const rect = (
          <rect key={part.name} x={x.toFixed(2)} y="0" width={width.toFixed(2)} height={HEIGHT} fill={part.color} data-subpart={part.name}>
            <title>{`${SUBPART_LABELS[part.name] ?? part.name}: ${format(part.value)}`}</title>
          </rect>
        );
        x += width;
        return rect;
      })}
    </svg>
  );
}

/** The colour key of the bars: each subpart's swatch and name. */
export function SubpartLegend({ names }: { names: string[] }) {
  return (
    <ul className="fix__legend">
      {names.map((name, i) => (
        <li key={name}>
          <svg width="10" height="10" aria-hidden="true">
            <rect width="10" height="10" fill={SUBPART_COLORS[i % SUBPART_COLORS.length]} />
          </svg>
          {SUBPART_LABELS[name] ?? name}
        </li>
      ))}
    </ul>
  );
}
