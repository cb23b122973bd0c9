import { levels } from '../format/levels';
import { emptyRow } from './ruleRows';
import type { RuleRow } from './ruleRows';

interface IgnoreRulesEditorProps {
  rows: RuleRow[];
  onChange(rows: RuleRow[]): void;
}

/** Editable list of ignore rules; each row matches when all its filled fields match. */
export function IgnoreRulesEditor({ rows, onChange }: IgnoreRulesEditorProps) {
  const update = (key: string, patch: Partial<RuleRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <fieldset className="rules">
      <legend>Ignore rules</legend>
      <p className="muted small">
        Matching messages are no longer sent by pages, and are counted but not stored by the server.
        Every filled field must match; the level matches that level and below.
      </p>
      {rows.length === 0 ? <p className="muted small">No rules.</p> : null}
      {rows.map((row, i) => (
        <div className="rules__row" key={row.key}>
          <label>
            <span>Message contains</span>
            <input value={row.message} onChange={(e) => update(row.key, { message: e.target.value })} />
          </label>
          <label>
            <span>File name contains</span>
            <input value={row.fileName} onChange={(e) => update(row.key, { fileName: e.target.value })} />
          </label>
          <label>
            <span>Level at or below</span>
            <select value={row.level} onChange={(e) => update(row.key, { level: e.target.value })}>
              <option value="">Any</option>
              {levels.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            aria-label={`Remove rule ${i + 1}`}
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange([...rows, emptyRow()])}>
        Add rule
      </button>
    </fieldset>
  );
}
