import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

/**
 * Interaction vs non-interaction events: how much of the event volume people caused. Counts and
 * shares sit in the legend rather than around the ring, where they were cut off at the edges.
 */
export function InteractionPie({ events, nonInteraction }: { events: number; nonInteraction: number }) {
  const share = (value: number) => `${Math.round((value / Math.max(1, events)) * 100)}%`;
  const data = [
    { name: 'Interaction', value: events - nonInteraction, color: '#f59f00' },
    { name: 'Non-interaction', value: nonInteraction, color: '#adb5bd' },
  ];
  return (
    <section className="analytics__panel" aria-label="Interaction vs non-interaction">
      <h2>Interaction vs non-interaction events</h2>
      {events === 0 ? (
        <p className="muted small">No events in this window.</p>
      ) : (
        <ResponsiveContainer width="100%" height={200}>
          <PieChart>
            <Pie data={data} dataKey="value" nameKey="name" innerRadius={45} outerRadius={72} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => [`${Number(value)} (${share(Number(value))})`, 'Events']} />
            <Legend
              itemSorter={null}
              formatter={(name: string) => {
                const d = data.find((x) => x.name === name);
                return d ? `${name}: ${d.value} (${share(d.value)})` : name;
              }}
            />
          </PieChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
