import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Phase, VitalsSummary } from './vitalsTypes';

const PHASES: { phase: Phase; label: string }[] = [
  { phase: 'redirect', label: 'Redirect' },
  { phase: 'dns', label: 'DNS' },
  { phase: 'connect', label: 'Connect' },
  { phase: 'tls', label: 'TLS' },
  { phase: 'request', label: 'Request (wait)' },
  { phase: 'response', label: 'Response' },
  { phase: 'dom', label: 'DOM processing' },
  { phase: 'load', label: 'Load event' },
];

/** Mean milliseconds of each page-load phase (over the views where it happened), in the order they happen. */
export function NavigationChart({ navigation }: { navigation: VitalsSummary['navigation'] }) {
  const data = PHASES.map(({ phase, label }) => ({ label, mean: navigation[phase].mean ?? 0, count: navigation[phase].count }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 48, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" horizontal={false} />
        <XAxis type="number" fontSize={12} unit=" ms" />
        <YAxis type="category" dataKey="label" fontSize={12} width={110} />
        <Tooltip formatter={(value, _name, item) => [`${Math.round(Number(value))} ms (${(item.payload as { count: number }).count} views)`, 'average']} />
        <Bar dataKey="mean" fill="#748ffc" isAnimationActive={false}>
          <LabelList dataKey="mean" position="right" fontSize={11} formatter={(v) => `${Math.round(Number(v))} ms`} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
