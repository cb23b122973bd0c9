import { useState } from 'react';
import type { AlertRule } from '@tarmac/server/contracts';
import { usePolledData } from '../hooks/usePolledData';
import { useNow } from '../hooks/useNow';
import type { SectionProps } from '../sections/sections';
import { deleteRule, fetchDeliveries, fetchRules, saveRule, sendTestAlert } from './alertsApi';
import { DeliveryHistory } from './DeliveryHistory';
import { RuleForm } from './RuleForm';
import { RulesTable } from './RulesTable';
import { bodyFromDraft, draftFromRule, emptyDraft } from './ruleDraft';
import type { RuleDraft } from './ruleDraft';
import './alerts.css';

/**
 * The Alerts section: rules evaluated by the server (a new group, a group over N occurrences a
 * minute, a regression, a page's vitals p75 over a threshold), each delivered to its webhook,
 * and the history of every alert with each delivery attempt. docs/alerts.md has the wire.
 */
export function AlertsView({ client }: SectionProps) {
  const rules = usePolledData((signal) => fetchRules(client, signal), { intervalMs: 15_000 });
  const [ruleId, setRuleId] = useState<number>();
  const deliveries = usePolledData((signal) => fetchDeliveries(client, ruleId, signal), { intervalMs: 5_000, key: String(ruleId) });
  const [editing, setEditing] = useState<{ rule?: AlertRule; draft: RuleDraft }>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const now = useNow(5000);

  async function act(work: () => Promise<unknown>, done: string): Promise<boolean> {
    setProblem(undefined);
    setNotice(undefined);
    try {
      await work();
      setNotice(done);
      rules.refresh();
      deliveries.refresh();
      return true;
    } catch (error) {
      setProblem((error as Error).message);
      return false;
    }
  }
  async function save(draft: RuleDraft): Promise<void> {
    setSaving(true);
    const id = editing?.rule?.id;
    if (await act(() => saveRule(client, id, bodyFromDraft(draft)), id === undefined ? 'Rule created.' : 'Rule saved.')) setEditing(undefined);
    setSaving(false);
  }

  return (
    <div className="alerts">
      <div className="alerts__bar">
        <h2>Rules</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ draft: emptyDraft() })} disabled={!!editing}>
          New rule
        </button>
      </div>
      {rules.error ? <p className="notice notice--error" role="alert">Could not load rules: {rules.error.message}</p> : null}
      {notice ? <p className="notice notice--ok" role="status">{notice}</p> : null}
      {problem && !editing ? <p className="notice notice--error" role="alert">{problem}</p> : null}
      {editing ? (
        <RuleForm
          key={editing.rule?.id ?? 'new'}
          initial={editing.draft}
          editing={editing.rule !== undefined}
          saving={saving}
          error={problem}
          onSave={(draft) => void save(draft)}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      <RulesTable
        rules={rules.data}
        selected={ruleId}
        onSelect={setRuleId}
        onEdit={(rule) => setEditing({ rule, draft: draftFromRule(rule) })}
        onTest={(rule) => void act(() => sendTestAlert(client, rule.id), `Test alert of “${rule.name}” queued.`)}
        onDelete={(rule) => void act(() => deleteRule(client, rule.id), `Rule “${rule.name}” deleted.`)}
      />
      <div className="alerts__bar">
        <h2>History{ruleId !== undefined ? ` of “${rules.data?.find((r) => r.id === ruleId)?.name ?? ruleId}”` : ''}</h2>
        {ruleId !== undefined ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setRuleId(undefined)}>All rules</button>
        ) : null}
      </div>
      {deliveries.error ? <p className="notice notice--error" role="alert">Could not load the history: {deliveries.error.message}</p> : null}
      <DeliveryHistory deliveries={deliveries.data} now={now} />
    </div>
  );
}
