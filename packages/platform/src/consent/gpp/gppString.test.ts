import { GppModel } from '@iabgpp/cmpapi';
import { describe, expect, it } from 'vitest';
import { encodeGppString } from './gppString.js';
import { usnatString as usnatGppString } from './testing/gppTestPage.js';
import { encodeUsnat, usnatSection } from './usnat.js';
import type { MspaMode, UsnatData } from './usnat.js';

const choice = (optOuts: Partial<UsnatData>): UsnatData => ({
  decided: true,
  saleOptOut: false,
  sharingOptOut: false,
  targetedAdvertisingOptOut: false,
  gpc: false,
  updatedAt: 1_700_000_000_000,
  ...optOuts,
});

// Every combination the "Your Privacy Choices" dialog and GPC can produce, under both MSPA modes.
const optOutNames = ['saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut'] as const;
const table: [string, UsnatData, MspaMode][] = [];
for (const mspa of ['notCovered', 'optOutOption'] as MspaMode[]) {
  for (let mask = 0; mask < 8; mask++) {
    for (const gpc of [false, true]) {
      const data = choice({ gpc });
      optOutNames.forEach((name, bit) => (data[name] = (mask & (1 << bit)) !== 0));
      const label = optOutNames.filter((name) => data[name]).join('+') || 'no opt-out';
      table.push([`${label}, gpc ${gpc}, ${mspa}`, data, mspa]);
    }
  }
}

/** The same field values, written through the IAB's reference library. */
function referenceString(data: UsnatData, mspa: MspaMode): string {
  const model = new GppModel();
  const [core, gpc] = usnatSection(data, mspa);
  for (const [field, value] of Object.entries(core)) model.setFieldValue('usnat', field, value);
  model.setFieldValue('usnat', 'Gpc', gpc.Gpc);
  return model.encode();
}

describe('the usnat GPP string (encodeGppString + encodeUsnat)', () => {
  it.each(table)('equals what @iabgpp/cmpapi encodes: %s', (_label, data, mspa) => {
    expect(usnatGppString(data, mspa)).toBe(referenceString(data, mspa));
  });

  it.each(table)('decodes with @iabgpp/cmpapi to the fields it was built from: %s', (_label, data, mspa) => {
    const decoded = new GppModel(usnatGppString(data, mspa));
    const [core, gpc] = usnatSection(data, mspa);
    expect(decoded.getSectionIds()).toEqual([7]);
    const section = decoded.getSection('usnat') as Record<string, unknown>;
    expect(section).toMatchObject({ ...core, Gpc: gpc.Gpc, GpcSegmentType: 1 });
    expect(section.SaleOptOut).toBe(data.saleOptOut ? 1 : 2);
    expect(section.TargetedAdvertisingOptOut).toBe(data.targetedAdvertisingOptOut ? 1 : 2);
  });

  it('gives every choice its own string', () => {
    expect(new Set(table.map(([, data, mspa]) => usnatGppString(data, mspa))).size).toBe(table.length);
  });

  it('declares notices provided and the MSPA mode chosen', () => {
    const [core] = usnatSection(choice({}));
    expect(core).toMatchObject({ SharingNotice: 1, SaleOptOutNotice: 1, SharingOptOutNotice: 1, TargetedAdvertisingOptOutNotice: 1 });
    expect(core).toMatchObject({ MspaCoveredTransaction: 2, MspaOptOutOptionMode: 0, MspaServiceProviderMode: 0 });
    const [covered] = usnatSection(choice({}), 'optOutOption');
    expect(covered).toMatchObject({ MspaCoveredTransaction: 1, MspaOptOutOptionMode: 1, MspaServiceProviderMode: 2 });
  });
});

describe('encodeGppString', () => {
  it('writes a header-only string when no section applies, as the reference library does', () => {
    expect(encodeGppString([])).toBe(new GppModel().encode());
    expect(new GppModel(encodeGppString([])).getSectionIds()).toEqual([]);
  });

  it('encodes section ids as a sorted Fibonacci range, runs grouped, equal to the reference header', () => {
    const model = new GppModel();
    model.setFieldValue('usva', 'SaleOptOut', 1);
    model.setFieldValue('usnat', 'SaleOptOut', 1);
    model.setFieldValue('usca', 'SaleOptOut', 1);
    model.setFieldValue('uspv1', 'OptOutSale', 'Y');
    const ids = [9, 7, 8, 6];
    const sections = ids.map((id) => ({ id, encoded: model.encodeSectionById(id) }));
    expect(encodeGppString(sections)).toBe(model.encode());
  });

  it('matches the header examples of the GPP string specification, padded to a whole byte first', () => {
    // Example 2 (TCF EU v2 + US Privacy, ids 2 and 6: two singles) is 33 bits: the spec pads to 36,
    // "DBACNY"; padding to a byte first gives 42 bits and one more "A". Example 3 (TCF Canada + US
    // Privacy, 5 and 6: one group) is 32 bits, so both paddings give "DBABjw".
    expect(encodeGppString([{ id: 2, encoded: 'x' }, { id: 6, encoded: 'y' }])).toBe('DBACNYA~x~y');
    expect(encodeGppString([{ id: 6, encoded: 'y' }, { id: 5, encoded: 'x' }])).toBe('DBABjw~x~y');
  });

  it('keeps the usnat section as encodeUsnat writes it', () => {
    const data = choice({ saleOptOut: true, gpc: true });
    expect(usnatGppString(data).split('~')).toEqual(['DBABLA', encodeUsnat(data)]);
    expect(encodeUsnat(data)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});
