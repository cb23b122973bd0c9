import { afterEach, describe, expect, it } from 'vitest';
import { pageState, resetPageState } from './pageState.js';

afterEach(resetPageState);

describe('pageState', () => {
  it('is one object per page, made on first use', () => {
    expect(pageState()).toBe(pageState());
  });

  it('completes a state an older copy of the module made, keeping what it holds', () => {
    // What a component chunk bundling an earlier loader would have put there: no failure records.
    const older = { defined: new Map([['deals', 'Deals']]), loaded: new Set(['deals']), strings: { a: 'A' } };
    (globalThis as Record<symbol, unknown>)[Symbol.for('tarmac.loader.page')] = older;
    const state = pageState();
    expect(state.defined.get('deals')).toBe('Deals');
    expect(state.loaded.has('deals')).toBe(true);
    expect(state.strings).toEqual({ a: 'A' });
    expect(state.failed).toBeInstanceOf(Set);
    expect(state.failures).toBeInstanceOf(Map);
    expect(pageState()).toBe(state);
  });
});
