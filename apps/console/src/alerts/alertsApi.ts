import type { AlertDelivery, AlertRule, AlertRuleInput, AlertRuleUpdate } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';

/** Every alert rule, oldest first. */
export async function fetchRules(client: ConsoleClient, signal?: AbortSignal): Promise<AlertRule[]> {
  return (await client.get<{ rules: AlertRule[] }>('/alerts/rules', signal)).rules;
}

/** The newest deliveries, of one rule or all. */
export async function fetchDeliveries(client: ConsoleClient, ruleId: number | undefined, signal?: AbortSignal): Promise<AlertDelivery[]> {
  const query = ruleId === undefined ? '?limit=100' : `?limit=100&ruleId=${ruleId}`;
  return (await client.get<{ deliveries: AlertDelivery[] }>(`/alerts/deliveries${query}`, signal)).deliveries;
}

/** Creates a rule (`id` absent) or replaces one. */
export function saveRule(client: ConsoleClient, id: number | undefined, body: AlertRuleInput | AlertRuleUpdate): Promise<AlertRule> {
  return id === undefined ? client.send('POST', '/alerts/rules', body) : client.send('PUT', `/alerts/rules/${id}`, body);
}

export function deleteRule(client: ConsoleClient, id: number): Promise<void> {
  return client.send('DELETE', `/alerts/rules/${id}`);
}

/** Queues a test alert through the rule's real delivery path. */
export function sendTestAlert(client: ConsoleClient, id: number): Promise<{ queued: boolean }> {
  return client.send('POST', `/alerts/rules/${id}/test`);
}
