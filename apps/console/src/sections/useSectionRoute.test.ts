import { describe, expect, it } from 'vitest';
import { sectionFromHash } from './useSectionRoute';

describe('sectionFromHash', () => {
  it('reads the section id of a #/id address', () => {
    expect(sectionFromHash('#/vitals')).toBe('vitals');
    expect(sectionFromHash('#/signals?range=7d')).toBe('signals');
  });
  it('gives undefined for other hashes, so the default section shows', () => {
    expect(sectionFromHash('')).toBeUndefined();
    expect(sectionFromHash('#token=abc')).toBeUndefined();
    expect(sectionFromHash('#logs')).toBeUndefined();
  });
});
