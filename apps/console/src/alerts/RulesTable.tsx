import { useState } from 'react';
import type { AlertRule } from '@tarmac/server/contracts';
import { KIND_LABELS, describeConditions } from './ruleDraft';
import { ScrollRegion } from '../layout/ScrollRegion';

interface RulesTableProps {
  rules: AlertRule[] | undefined;
  selected?: number;
  onSelect(id: number | undefined): void;
  onEdit(rule: AlertRule): void;
  onTest(rule: AlertRule): void;
  onDelete(rule: AlertRule): void;
}

const host = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The rules: what each watches, where it delivers; a rule's row filters the history below. */
export function RulesTable({ rules, selected, onSelect, onEdit, onTest, onDelete }: RulesTableProps) {
  // Deleting takes a second click on the same row, so a rule and its history are not lost by a slip.
  const [confirming, setConfirming] = useState<number>();
  return (
    <ScrollRegion label="Alert rules">
      <table className="table" data-testid="alert-rules">
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">When</th>
            <th scope="col">Conditions</th>
            <th scope="col">Delivers to</th>
            <th scope="col">State</th>
            <th scope="col"><span className="alerts__hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {!rules || rules.length === 0 ? (
            <tr>
              <td colSpan={6} className="table__empty">{!rules ? 'Loading…' : 'No alert rule yet — “New rule” sends a webhook when a new error appears, a group spikes, a resolved one regresses or a page’s vitals degrade.'}</td>
            </tr>
          ) : null}
          {rules?.map((rule) => (
            <tr key={rule.id} data-testid="alert-rule" className={rule.id === selected ? 'is-selected' : undefined}>
              <td>
                <button type="button" className="linklike" onClick={() => onSelect(rule.id === selected ? undefined : rule.id)} title="Show only this rule's deliveries">
                  {rule.name}
                </button>
              </td>
              <td className="nowrap">{KIND_LABELS[rule.kind]}</td>
              <td className="small">{describeConditions(rule)}</td>
              <td className="mono small break" title={rule.webhookUrl}>{host(rule.webhookUrl)}</td>
              <td>{rule.enabled ? 'On' : <span className="muted">Off</span>}</td>
              <td className="alerts__row-actions">
                <button type="button" className="btn btn--ghost btn--small" onClick={() => onEdit(rule)}>Edit</button>
                <button type="button" className="btn btn--ghost btn--small" onClick={() => onTest(rule)}>Send test</button>
                {confirming === rule.id ? (
                  <button type="button" className="btn btn--small alerts__danger" onClick={() => onDelete(rule)}>Confirm delete</button>
                ) : (
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(rule.id)}>Delete</button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
