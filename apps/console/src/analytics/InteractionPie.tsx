import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

/** Interaction vs non-interaction events: how much of the event volume people caused. */
export function InteractionPie({ events, nonInteraction }: { events: number; nonInteraction: number }) {
  const data = [
    { name: 'Interaction', value: events - nonInteraction, color: '#f08c00' },
    { name: 'Non-interaction', value: nonInteraction, color: '#adb5bd' },
  ];
  return (
    <section className="analytics__panel" aria-label="Interaction vs non-interaction">
      <h3>Interaction vs non-interaction events</h3>
      {events === 0 ? (
        <p className="muted small">No events in this window.</p>
      ) : (
        <ResponsiveContainer width="100%" height={200}>
          <PieChart>
            <Pie data={data} dataKey="value" nameKey="name" innerRadius={45} outerRadius={75} isAnimationActive={false} label>
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
