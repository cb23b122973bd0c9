/**
 * A row-sized trend: one bar per bucket, scaled to the row's own highest count, drawn as plain
 * SVG so a table of hundreds of rows needs no chart library (the charts' recharts loads with the
 * first detail opened). The title and the label give the numbers the bars only hint at.
 */
export function Sparkline({ values, label, color = '#c92a2a', width = 96, height = 22 }: { values: number[]; label: string; color?: string; width?: number; height?: number }) {
  const highest = Math.max(0, ...values);
  const step = values.length > 0 ? width / values.length : width;
  const gap = step > 3 ? 1 : 0;
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid="sparkline">
      <title>{label}</title>
      <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} stroke="#e6e8ee" />
      {values.map((value, i) => {
        if (value <= 0) return null;
        // A single occurrence still shows: at least two pixels tall.
        const barHeight = Math.max(2, (value / highest) * (height - 2));
        return <rect key={i} x={i * step} y={height - barHeight} width={Math.max(1, step - gap)} height={barHeight} fill={color} />;
      })}
    </svg>
  );
}
