import { describe, expect, it } from 'vitest';
import { validateSearch } from './validateSearch';
import type { SearchQuery } from './validateSearch';
import { verticals } from './verticals';

const [flights, hotels] = verticals;
const today = '2026-11-22';
const good: SearchQuery = { from: 'Madrid', to: 'London', start: '2026-12-01', end: '2026-12-08', travellers: 2 };

describe('validateSearch', () => {
  it('accepts a complete flight search', () => {
    expect(validateSearch(good, flights!, today)).toEqual({});
  });

  it('names every missing field', () => {
    const errors = validateSearch({ from: ' ', to: '', start: '', end: '', travellers: 0 }, flights!, today);
    expect(errors).toEqual({ from: 'required', to: 'required', start: 'required', end: 'required', travellers: 'range' });
  });

  it('rejects a flight to where it leaves from, whatever the case', () => {
    expect(validateSearch({ ...good, to: ' madrid ' }, flights!, today).to).toBe('samePlace');
  });

  it('rejects past and inverted dates', () => {
    expect(validateSearch({ ...good, start: '2026-11-21' }, flights!, today).start).toBe('past');
    const errors = validateSearch({ ...good, to: '', end: '2026-11-30' }, hotels!, today);
    expect(errors.end).toBe('beforeStart');
    // Hotels have no second place, so an empty "to" is fine there.
    expect(errors.to).toBeUndefined();
  });

  it('asks for a whole date while the typed text is none', () => {
    const errors = validateSearch({ ...good, start: '7/12', end: '2026-12-08' }, flights!, today);
    expect(errors).toEqual({ start: 'format' });
    expect(validateSearch({ ...good, end: '31/02/2026' }, flights!, today).end).toBe('format');
  });

  it('bounds the number of travellers', () => {
    expect(validateSearch({ ...good, travellers: 10 }, flights!, today).travellers).toBe('range');
    expect(validateSearch({ ...good, travellers: 9 }, flights!, today).travellers).toBeUndefined();
  });
});
