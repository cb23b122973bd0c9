import { TimeBars } from '../charts/TimeBars';
import { DROP_REASONS, REASON_ORDER } from './dropReasons';
import { timelineRows } from './dropRows';
import type { DropSource, DropSummary } from './dropTypes';

const SERIES = REASON_ORDER.map((reason) => ({ key: reason, name: DROP_REASONS[reason].label, color: DROP_REASONS[reason].color, stack: 'drops' }));

/**
 * One source's drops per time bucket, stacked by reason in the same colours as the reasons
 * table, so a spike reads as "what kind of loss, when".
 */
export function DropTimeline({ summary, source }: { summary: DropSummary; source: DropSource }) {
  return <TimeBars rows={timelineRows(summary, source)} bucketMs={summary.bucketMs} series={SERIES} height={220} />;
}
