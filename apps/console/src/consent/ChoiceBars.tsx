import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { LabelProps, TooltipContentProps } from 'recharts';
import type { ConsentDay } from './consentApi';
import { choiceRows, dayLabel } from './consentRows';
import { edgeRoom } from '../charts/axisWidth';

/** The choices in stacking order, bottom up, in the colours people read consent in. */
export const CHOICES = [
  { key: 'accept_all', name: 'Accept all', color: '#237032' },
  { key: 'custom', name: 'Custom', color: '#f59f00' },
  { key: 'reject_all', name: 'Reject all', color: '#c92a2a' },
] as const;

type Row = ReturnType<typeof choiceRows>[number];

function ChoiceTooltip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return (
    <div className="chart-tip">
      <strong>{dayLabel(row.day)}</strong> · {row.visitors} visitors
      {[...CHOICES].reverse().map((c) => (
        <div key={c.key}>
          <span className="chart-tip__swatch" style={{ background: c.color }} aria-hidden="true" />
          {c.name}: {row[c.key]} ({row.shares[c.key]}%)
        </div>
      ))}
    </div>
  );
}

// The share printed inside its segment while bars are wide and the segment tall enough for text,
// in white on the green and red segments and in ink on the amber one (each ≥ 4.5:1).
function shareLabel({ x, y, width, height, index }: LabelProps, rows: Row[], key: keyof Row['shares']) {
  const share = rows[Number(index)]?.shares[key];
  if (!share || Number(height) < 16 || Number(width) < 30) return null;
  return (
    <text x={Number(x) + Number(width) / 2} y={Number(y) + Number(height) / 2 + 4} textAnchor="middle" fontSize={11} fill={key === 'custom' ? '#1c2330' : '#fff'} fontWeight={600}>
      {Math.round(share)}%
    </text>
  );
}

/**
 * Each day's visitors split by their choice as one 100 % bar, so a single day reads as clearly
 * as ninety; the tooltip gives the counts behind the shares. Days without visitors stay empty.
 */
export function ChoiceBars({ days }: { days: ConsentDay[] }) {
  const rows = choiceRows(days);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={rows} stackOffset="expand" margin={{ top: 8, right: edgeRoom('Mmm 00'), bottom: 0, left: 0 }} barCategoryGap="12%">
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" vertical={false} />
        <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={12} minTickGap={24} />
        <YAxis tickFormatter={(v: number) => `${Math.round(v * 100)}%`} fontSize={12} width={44} ticks={[0, 0.25, 0.5, 0.75, 1]} />
        <Tooltip content={ChoiceTooltip} cursor={{ fill: '#f1f3f5' }} />
        <Legend itemSorter={null} />
        {CHOICES.map((c) => (
          <Bar key={c.key} dataKey={c.key} name={c.name} stackId="c" fill={c.color} maxBarSize={64} isAnimationActive={false}>
            <LabelList dataKey={c.key} content={(props) => shareLabel(props, rows, c.key)} />
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
