import type { AlertKind, AlertRule, AlertRuleInput, AlertRuleUpdate } from '@tarmac/server/contracts';

/** The rule form's fields, as the inputs hold them (text); turned into a body on save. */
export interface RuleDraft {
  name: string;
  kind: AlertKind;
  webhookUrl: string;
  secret: string;
  enabled: boolean;
  product: string;
  minLevel: string;
  threshold: string;
  metric: string;
  windowMinutes: string;
  minSamples: string;
  vertical: string;
  pageId: string;
  subPageId: string;
  cooldownMinutes: string;
}

type ConditionField = Exclude<keyof RuleDraft, 'name' | 'kind' | 'webhookUrl' | 'secret' | 'enabled'>;

/** What each kind watches, as the form and the rules table name it. */
export const KIND_LABELS: Record<AlertKind, string> = {
  'new-group': 'New group',
  'group-rate': 'Group over N a minute',
  regression: 'Regression',
  'vitals-p75': 'Page vitals p75',
};

/** The conditions each kind takes (the server refuses any other), in the form's order. */
export const KIND_FIELDS: Record<AlertKind, ConditionField[]> = {
  'new-group': ['product', 'minLevel'],
  regression: ['product', 'minLevel'],
  'group-rate': ['threshold', 'product', 'minLevel', 'cooldownMinutes'],
  'vitals-p75': ['metric', 'threshold', 'windowMinutes', 'minSamples', 'vertical', 'pageId', 'subPageId', 'cooldownMinutes'],
};
const NUMBERS = new Set<ConditionField>(['minLevel', 'threshold', 'windowMinutes', 'minSamples', 'cooldownMinutes']);

/** A blank form for a new rule. */
export function emptyDraft(): RuleDraft {
  return {
    name: '', kind: 'new-group', webhookUrl: '', secret: '', enabled: true, product: '', minLevel: '',
    threshold: '', metric: 'LCP', windowMinutes: '', minSamples: '', vertical: '', pageId: '', subPageId: '', cooldownMinutes: '',
  };
}

/** The form of an existing rule; its secret stays on the server, so the field starts empty. */
export function draftFromRule(rule: AlertRule): RuleDraft {
  const draft = { ...emptyDraft(), name: rule.name, kind: rule.kind, webhookUrl: rule.webhookUrl, enabled: rule.enabled };
  for (const field of KIND_FIELDS[rule.kind]) {
    const value = rule[field];
    if (value !== undefined) draft[field] = String(value);
  }
  return draft;
}

/**
 * The request body of a draft: only the conditions its kind takes, numbers as numbers, empty
 * fields left out (the server's defaults apply), and the secret only when one was typed.
 */
export function bodyFromDraft(draft: RuleDraft): AlertRuleUpdate | AlertRuleInput {
  const body: Record<string, unknown> = { name: draft.name.trim(), kind: draft.kind, webhookUrl: draft.webhookUrl.trim(), enabled: draft.enabled };
  if (draft.secret) body.secret = draft.secret;
  for (const field of KIND_FIELDS[draft.kind]) {
    const text = draft[field].trim();
    if (text) body[field] = NUMBERS.has(field) ? Number(text) : text;
  }
  return body as unknown as AlertRuleUpdate;
}

const LEVELS = ['', 'debug', 'info', 'warnings', 'errors'];

/** A rule's conditions in a line: "over 100 a minute · demo · warnings and up · quiet 60 min". */
export function describeConditions(rule: AlertRule): string {
  const parts: string[] = [];
  if (rule.kind === 'group-rate') parts.push(`over ${rule.threshold} a minute`);
  if (rule.kind === 'vitals-p75') {
    parts.push(`${rule.metric} p75 over ${rule.threshold}${rule.metric === 'CLS' ? '' : ' ms'}`);
    parts.push(`${rule.windowMinutes ?? 30} min, ≥ ${rule.minSamples ?? 20} views`);
    const page = [rule.vertical, rule.pageId, rule.subPageId].map((part) => part ?? '*').join('/');
    if (page !== '*/*/*') parts.push(page);
  }
  if (rule.product) parts.push(rule.product);
  if (rule.kind !== 'vitals-p75') parts.push(rule.minLevel === 1 ? 'any level' : `${LEVELS[rule.minLevel ?? 4]}${(rule.minLevel ?? 4) < 4 ? ' and up' : ''}`);
  if (rule.kind === 'group-rate' || rule.kind === 'vitals-p75') parts.push(`quiet ${rule.cooldownMinutes ?? 60} min`);
  return parts.join(' · ');
}

/** A random signing secret (32 bytes, base64url) for the operator to copy to the receiver. */
export function generateSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
