import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AlertKind } from '@tarmac/server/contracts';
import type { RuleDraft } from './ruleDraft';
import { KIND_FIELDS, KIND_LABELS, generateSecret } from './ruleDraft';

interface RuleFormProps {
  initial: RuleDraft;
  /** True when editing: the secret may stay empty (kept). */
  editing: boolean;
  saving: boolean;
  error?: string;
  onSave(draft: RuleDraft): void;
  onCancel(): void;
}

type Field = keyof RuleDraft;
const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'FID'];
const LABELS: Partial<Record<Field, [label: string, hint: string]>> = {
  product: ['Product', 'only groups of this product; all when empty'],
  minLevel: ['Lowest level', '1 debug … 4 error; 4 when empty'],
  threshold: ['Threshold', 'occurrences in one minute, or the p75 (ms; CLS unitless)'],
  windowMinutes: ['Window (min)', 'p75 over this many minutes; 30 when empty'],
  minSamples: ['Least page views', 'fewer say nothing; 20 when empty'],
  vertical: ['Vertical', 'all when empty'],
  pageId: ['Page id', 'all when empty'],
  subPageId: ['Sub-page id', 'all when empty'],
  cooldownMinutes: ['Quiet for (min)', 'after an alert, the same group or page waits; 60 when empty'],
};

/** Creates or edits a rule: its kind decides which conditions are asked for. */
export function RuleForm({ initial, editing, saving, error, onSave, onCancel }: RuleFormProps) {
  const [draft, setDraft] = useState(initial);
  const set = (field: Field, value: string | boolean) => setDraft((d) => ({ ...d, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  const input = (field: Field, type = 'text') => (
    <label key={field} className="alerts__field">
      <span>{LABELS[field]?.[0] ?? field}</span>
      <input name={field} type={type} value={draft[field] as string} onChange={(e) => set(field, e.target.value)} />
      <small className="muted">{LABELS[field]?.[1]}</small>
    </label>
  );

  return (
    <form className="alerts__form" onSubmit={submit} aria-label={editing ? 'Edit alert rule' : 'New alert rule'}>
      <div className="alerts__grid">
        <label className="alerts__field">
          <span>Name</span>
          <input name="name" required maxLength={100} value={draft.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label className="alerts__field">
          <span>When</span>
          <select name="kind" value={draft.kind} onChange={(e) => set('kind', e.target.value as AlertKind)}>
            {Object.entries(KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>{label}</option>
            ))}
          </select>
        </label>
        {KIND_FIELDS[draft.kind].map((field) =>
          field === 'metric' ? (
            <label key={field} className="alerts__field">
              <span>Metric</span>
              <select name="metric" value={draft.metric} onChange={(e) => set('metric', e.target.value)}>
                {METRICS.map((m) => <option key={m}>{m}</option>)}
              </select>
            </label>
          ) : (
            input(field, field === 'product' || field.endsWith('Id') || field === 'vertical' ? 'text' : 'number')
          ),
        )}
      </div>
      <div className="alerts__grid">
        <label className="alerts__field alerts__field--wide">
          <span>Webhook URL</span>
          <input name="webhookUrl" type="url" required placeholder="https://hooks.example.com/tarmac" value={draft.webhookUrl} onChange={(e) => set('webhookUrl', e.target.value)} />
        </label>
        <label className="alerts__field alerts__field--wide">
          <span>Signing secret</span>
          <span className="alerts__secret">
            <input
              name="secret"
              className="mono"
              required={!editing}
              minLength={16}
              maxLength={256}
              placeholder={editing ? 'kept unless you type a new one' : 'at least 16 characters'}
              value={draft.secret}
              onChange={(e) => set('secret', e.target.value)}
            />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => set('secret', generateSecret())}>
              Generate
            </button>
          </span>
          <small className="muted">Signs every delivery (HMAC-SHA256). Copy it to the receiver now: it is never shown again.</small>
        </label>
      </div>
      <label className="check">
        <input type="checkbox" name="enabled" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        <span>Enabled</span>
      </label>
      {error ? <p className="notice notice--error" role="alert">{error}</p> : null}
      <div className="alerts__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>Cancel</button>
        <button type="submit" className="btn btn--primary" disabled={saving}>{saving ? 'Saving…' : editing ? 'Save rule' : 'Create rule'}</button>
      </div>
    </form>
  );
}
