import type { GroupStatus } from '@tarmac/server/contracts';
import { STATUS_LABELS } from './workflow';

/** A group's workflow state as a pill; colour classes are keyed by state. */
export function StatusBadge({ status }: { status: GroupStatus }) {
  return <span className={`status status--${status}`}>{STATUS_LABELS[status]}</span>;
}
