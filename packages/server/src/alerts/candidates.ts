import type { AlertGroup, AlertKind, AlertPage, AlertRule } from './contract.js';

/** An alert a rule wants to send, before cool-down and de-duplication decide. */
export interface AlertCandidate {
  rule: AlertRule;
  kind: AlertKind | 'test';
  /** Unique per rule for this condition: a second evaluation seeing it again queues nothing. */
  dedupeKey: string;
  /** What the alert is about, for cool-downs and the history. */
  subject: string;
  summary: string;
  /** True for conditions that persist (rates, vitals): the rule's cool-down applies. */
  cooled: boolean;
  group?: AlertGroup;
  page?: AlertPage;
}

/** The minutes a rule stays quiet about one subject after alerting on it. */
export const cooldownMs = (rule: AlertRule): number => (rule.cooldownMinutes ?? 60) * 60_000;

const LEVELS = ['', 'debug', 'info', 'warning', 'error'];
/** "error", "warning"… for a summary line. */
export const levelWord = (level: number): string => LEVELS[level] ?? `level ${level}`;

/** A message shortened for a one-line summary; the payload carries it whole. */
export const headline = (message: string): string => (message.length > 140 ? `${message.slice(0, 139)}…` : message || '(empty message)');
