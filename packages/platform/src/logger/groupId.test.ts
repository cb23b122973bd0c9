import { describe, expect, it } from 'vitest';
import { hashText, makeGroupId, normaliseMessage } from './groupId.js';

const place = { fileName: 'https://x.example/app.js', lineNo: 10, colNo: 4 };

describe('normaliseMessage', () => {
  it('blanks numbers, UUIDs and long hex ids', () => {
    expect(normaliseMessage('Fare 123 not found')).toBe('Fare <n> not found');
    expect(normaliseMessage('search 3f2a9c1e-04b1-4f7e-9d3e-0c5b8e1a2f44 failed')).toBe('search <id> failed');
    expect(normaliseMessage('hash 9f86d081884c7d65 bad')).toBe('hash <id> bad');
    expect(normaliseMessage('deadbeefcafe stays')).toBe('deadbeefcafe stays');
  });
});

describe('makeGroupId', () => {
  it('is stable and groups messages that differ only in ids', () => {
    const id = makeGroupId(4, 'Fare 123 not found', place);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(makeGroupId(4, 'Fare 123 not found', { ...place })).toBe(id);
    expect(makeGroupId(4, 'Fare 456 not found', place)).toBe(id);
  });

  it('separates by level, message and place', () => {
    const id = makeGroupId(4, 'Fare not found', place);
    expect(makeGroupId(3, 'Fare not found', place)).not.toBe(id);
    expect(makeGroupId(4, 'Hotel not found', place)).not.toBe(id);
    expect(makeGroupId(4, 'Fare not found', { ...place, colNo: 5 })).not.toBe(id);
    expect(makeGroupId(4, 'Fare not found', {})).not.toBe(id);
  });
});

describe('hashText', () => {
  it('spreads similar inputs', () => {
    const hashes = new Set(Array.from({ length: 2000 }, (_, i) => hashText(`message ${i}`)));
    expect(hashes.size).toBe(2000);
    expect(hashText('')).toMatch(/^[0-9a-f]{16}$/);
  });
});
