import { useState } from 'react';
import type { FormEvent } from 'react';
import type { LogRules } from '../api/types';
import { IgnoreRulesEditor } from './IgnoreRulesEditor';
import { rowsToRules, rulesToRows } from './ruleRows';

interface LogSettingsFormProps {
  initial: LogRules;
  saving: boolean;
  onSave(settings: LogRules): void;
}

/** Draft of the settings; nothing reaches the server until "Save". */
export function LogSettingsForm({ initial, saving, onSave }: LogSettingsFormProps) {
  const [stopLogging, setStopLogging] = useState(initial.stopLogging ?? false);
  const [message, setMessage] = useState(initial.message ?? '');
  const [rows, setRows] = useState(() => rulesToRows(initial.ignore));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({
      // Kept as they were: this form does not edit platform ignores, and must not lose them.
      ...initial,
      stopLogging,
      message: message.trim() || undefined,
      ignore: rowsToRules(rows),
    });
  }

  return (
    <form className="settings__form" onSubmit={submit}>
      <label className="check">
        <input type="checkbox" checked={stopLogging} onChange={(e) => setStopLogging(e.target.checked)} />
        <span>
          <strong>Stop logging</strong>
          <span className="muted small"> Pages stop sending and drop their queue. Use when a flood overloads the server.</span>
        </span>
      </label>
      <label className="stack">
        <span>Operator message</span>
        <textarea
          rows={2}
          maxLength={1000}
          placeholder="Shown once in the browser console of every page that logs"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <IgnoreRulesEditor rows={rows} onChange={setRows} />
      {initial.platformIgnores?.length ? (
        <p className="muted small">{initial.platformIgnores.length} platform ignore rule(s) are kept unchanged.</p>
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
