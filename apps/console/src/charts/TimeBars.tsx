import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidth, edgeRoom } from './axisWidth';
import { bucketFormatter, pickTicks } from './timeAxis';

/** One stacked series of {@link TimeBars}. */
export interface TimeSeries {
  key: string;
  name: string;
  color: string;
  stack?: string;
}

/**
 * Counts per time bucket as bars: a lone bucket reads as a bar rather than a stray dot, and
 * the ticks are few, round and each labelled once (format chosen from the bucket size and the
 * span; fewer, via `maxTicks`, in a narrow panel). Series without any count stay out of the legend.
 */
export function TimeBars<T extends { start: number }>({ rows, bucketMs, series, height = 260, maxTicks = 8 }: { rows: T[]; bucketMs: number; series: TimeSeries[]; height?: number; maxTicks?: number }) {
  const first = rows[0]?.start ?? 0;
  const format = bucketFormatter(bucketMs, (rows.at(-1)?.start ?? first) - first + bucketMs);
  const ticks = pickTicks(rows.map((r) => r.start), bucketMs, maxTicks);
  const value = (row: T, key: string) => Number((row as Record<string, unknown>)[key] ?? 0);
  // Every series stays mounted (recharts stacks in mount order); empty ones only leave the legend.
  const shown = new Set(series.filter((s) => rows.some((r) => value(r, s.key) > 0)).map((s) => s.key));
  // Wide enough for the tallest stack's label: a fixed width cut "10000" to "0000".
  const tallest = Math.max(0, ...rows.map((row) => series.reduce((sum, s) => sum + value(row, s.key), 0)));
  const yWidth = axisWidth([String(Math.ceil(tallest * 1.25))], 12, 40, 96);
  // Room for the newest tick's label when it sits on the last bar.
  const lastTick = ticks.at(-1);
  const right = edgeRoom(lastTick === undefined ? '' : format(lastTick));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} margin={{ top: 8, right, bottom: 0, left: 0 }} barCategoryGap="15%">
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" vertical={false} />
        <XAxis dataKey="start" type="category" ticks={ticks} interval={0} tickFormatter={(start: number) => format(start)} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} width={yWidth} />
        <Tooltip labelFormatter={(start) => format(Number(start))} cursor={{ fill: '#f1f3f5' }} />
        <Legend itemSorter={null} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} stackId={s.stack} fill={s.color} maxBarSize={48} isAnimationActive={false} legendType={shown.has(s.key) ? 'square' : 'none'} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
