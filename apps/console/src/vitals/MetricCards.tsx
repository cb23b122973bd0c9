import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { METRICS, RATING_COLORS, carrying, formatMetric, percent } from './vitalsApi';
import { RatingLabel } from './RatingMark';
import type { MetricName, MetricSummary } from './vitalsTypes';

/**
 * One card per metric: its p75 coloured by rating and its rating named, its p90 and p99, how many
 * of the `reports` carry it (an engine that lacks a metric sends none, so it is not 0 but absent),
 * and a 100 % bar of the good / needs-improvement / poor shares, the way CrUX and PageSpeed show
 * them. Clicking a card selects the metric the charts below show.
 */
export function MetricCards({ metrics, reports, selected, onSelect }: { metrics: MetricSummary[]; reports: number; selected: MetricName; onSelect(name: MetricName): void }) {
  return (
    <div className="vitals__cards">
      {METRICS.map(({ name, label }) => {
        const m = metrics.find((x) => x.name === name);
        const data = [{ name, good: m?.good ?? 0, ni: m?.needsImprovement ?? 0, poor: m?.poor ?? 0 }];
        return (
          <button
            key={name}
            type="button"
            className={`vitals__card${selected === name ? ' is-selected' : ''}`}
            aria-pressed={selected === name}
            data-testid={`vital-${name}`}
            onClick={() => onSelect(name)}
            title={label}
          >
            <span className="vitals__name">{name}</span>
            <span className="vitals__value">
              <strong className={m?.rating ? `vitals__p75 rating--${m.rating}` : 'vitals__p75'}>{formatMetric(name, m?.p75)}</strong>
              {m?.rating ? <RatingLabel rating={m.rating} /> : null}
            </span>
            <span className="muted small" data-testid={`vital-${name}-count`}>p75 · {carrying(m?.count ?? 0, reports)}</span>
            <span className="muted small" data-testid={`vital-${name}-tail`}>
              p90 {formatMetric(name, m?.p90)} · p99 {formatMetric(name, m?.p99)}
            </span>
            <ResponsiveContainer width="100%" height={22}>
              <BarChart data={data} layout="vertical" margin={{ top: 0, right: 0, bottom: 0, left: 0 }} barSize={14}>
                <XAxis type="number" domain={[0, 1]} hide />
                <YAxis type="category" dataKey="name" hide />
                <Tooltip formatter={(value) => percent(Number(value))} cursor={false} />
                <Bar dataKey="good" name="Good" stackId="r" fill={RATING_COLORS.good} isAnimationActive={false} />
                <Bar dataKey="ni" name="Needs improvement" stackId="r" fill={RATING_COLORS['needs-improvement']} isAnimationActive={false} />
                <Bar dataKey="poor" name="Poor" stackId="r" fill={RATING_COLORS.poor} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
            <span className="vitals__shares small">
              <span>{percent(m?.good ?? 0)} good</span>
              <span>{percent(m?.needsImprovement ?? 0)} NI</span>
              <span>{percent(m?.poor ?? 0)} poor</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
