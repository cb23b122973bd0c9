import { useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConsentDay } from './consentApi';
import { dayLabel, purposeTrend } from './consentRows';
import { edgeRoom } from '../charts/axisWidth';

/**
 * One purpose's daily consent share, picked from a list: eleven lines on one chart overlap into
 * a tangle, one line at a time reads. Only worth showing with two days or more.
 */
export function PurposeTrend({ days, purposes }: { days: ConsentDay[]; purposes: { id: number; name: string }[] }) {
  const [picked, setPicked] = useState(purposes[0]?.id ?? 1);
  const rows = purposeTrend(days, picked);
  return (
    <>
      <label className="filter">
        Purpose
        <select value={picked} onChange={(event) => setPicked(Number(event.target.value))}>
          {purposes.map((p) => (
            <option key={p.id} value={p.id}>{p.id}. {p.name}</option>
          ))}
        </select>
      </label>
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={rows} margin={{ top: 8, right: edgeRoom('Mmm 00'), bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" />
          <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={12} minTickGap={24} />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} fontSize={12} width={44} />
          <Tooltip
            labelFormatter={(day) => dayLabel(String(day))}
            formatter={(value, _name, item) => {
              const row = item.payload as { consented: number; visitors: number };
              return [`${Number(value)}% (${row.consented} of ${row.visitors})`, 'Consented'];
            }}
          />
          <Line type="linear" dataKey="share" stroke="#4c6ef5" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </>
  );
}
