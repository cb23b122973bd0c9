import type { IgnoreRule } from '../api/types';

/** An ignore rule as the editor holds it: every field a string, as inputs give them. */
export interface RuleRow {
  /** Stable React key, so editing one row never moves focus to another. */
  key: string;
  message: string;
  fileName: string;
  /** '' (any level) or '1'…'4'. */
  level: string;
}

let nextKey = 0;

/** An empty row for the "Add rule" button. */
export function emptyRow(): RuleRow {
  nextKey += 1;
  return { key: `rule-${nextKey}`, message: '', fileName: '', level: '' };
}

/** Rows for the stored rules. */
export function rulesToRows(rules: IgnoreRule[] = []): RuleRow[] {
  return rules.map((rule) => ({
    ...emptyRow(),
    message: rule.message ?? '',
    fileName: rule.fileName ?? '',
    level: rule.level === undefined ? '' : String(rule.level),
  }));
}

/**
 * Rules to save. Blank fields are left out (a present field must match), and rows left
 * entirely blank are dropped: per the contract such a rule matches nothing anyway.
 */
export function rowsToRules(rows: RuleRow[]): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const row of rows) {
    const rule: IgnoreRule = {};
    if (row.message.trim()) rule.message = row.message.trim();
    if (row.fileName.trim()) rule.fileName = row.fileName.trim();
    if (row.level) rule.level = Number(row.level);
    if (Object.keys(rule).length > 0) rules.push(rule);
  }
  return rules;
}
