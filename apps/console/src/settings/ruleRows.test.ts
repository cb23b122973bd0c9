import { describe, expect, it } from 'vitest';
import { emptyRow, rowsToRules, rulesToRows } from './ruleRows';

describe('rule rows', () => {
  it('round-trips stored rules', () => {
    const rules = [{ message: 'ResizeObserver' }, { fileName: 'ads.js', level: 3 }];
    expect(rowsToRules(rulesToRows(rules))).toEqual(rules);
  });

  it('gives every row its own key', () => {
    const keys = [...rulesToRows([{ message: 'a' }, { message: 'b' }]), emptyRow()].map((r) => r.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('trims fields, leaves blanks out and drops rows with nothing in them', () => {
    const rows = [
      { ...emptyRow(), message: '  Script error. ', fileName: ' ' },
      { ...emptyRow() },
      { ...emptyRow(), level: '2' },
    ];
    expect(rowsToRules(rows)).toEqual([{ message: 'Script error.' }, { level: 2 }]);
  });
});
