import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidth } from '../charts/axisWidth';
import type { ConsentDay } from './consentApi';
import { purposeShares } from './consentRows';

/**
 * Each purpose's consent share over the whole window as a horizontal bar, in purpose order and
 * named, so eleven purposes stay apart whether the window holds one day or ninety.
 */
export function PurposeShares({ days, purposes }: { days: ConsentDay[]; purposes: { id: number; name: string }[] }) {
  const rows = purposeShares(days, purposes);
  return (
    <ResponsiveContainer width="100%" height={rows.length * 28 + 40}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 48, bottom: 0, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} fontSize={12} />
        <YAxis type="category" dataKey="label" interval={0} width={axisWidth(rows.map((r) => r.label), 12, 48, 300)} fontSize={12} />
        <Tooltip
          cursor={{ fill: '#f1f3f5' }}
          formatter={(value, _name, item) => {
            const row = item.payload as { consented: number; visitors: number };
            return [`${Number(value)}% (${row.consented} of ${row.visitors})`, 'Consented'];
          }}
        />
        <Bar dataKey="share" fill="#4c6ef5" maxBarSize={18} isAnimationActive={false}>
          <LabelList dataKey="share" position="right" fontSize={11} formatter={(v) => `${Number(v)}%`} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
