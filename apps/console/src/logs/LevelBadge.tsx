import { levelName } from '../format/levels';

/** A level as a coloured pill; colour classes are keyed by level number. */
export function LevelBadge({ level }: { level: number }) {
  return <span className={`badge badge--l${level}`}>{levelName(level)}</span>;
}
