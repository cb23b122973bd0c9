import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@tarmac/server/contracts';
import { bodyFromDraft, describeConditions, draftFromRule, emptyDraft, generateSecret } from './ruleDraft';

const rule = (overrides: Partial<AlertRule>): AlertRule => ({
  id: 1, name: 'r', kind: 'new-group', webhookUrl: 'https://hooks.test/x', enabled: true, createdAt: 0, updatedAt: 0, ...overrides,
});

describe('bodyFromDraft', () => {
  it('sends only the conditions the kind takes, numbers as numbers, blanks left out', () => {
    const draft = { ...emptyDraft(), name: ' Busy ', kind: 'group-rate' as const, webhookUrl: 'https://hooks.test/x ', secret: 's'.repeat(16), threshold: '100', product: 'demo', minLevel: '', metric: 'LCP', pageId: 'home' };
    expect(bodyFromDraft(draft)).toEqual({ name: 'Busy', kind: 'group-rate', webhookUrl: 'https://hooks.test/x', enabled: true, secret: 's'.repeat(16), threshold: 100, product: 'demo' });
  });

  it('leaves the secret out when none was typed (an edit keeps the stored one)', () => {
    expect(bodyFromDraft({ ...emptyDraft(), name: 'n', webhookUrl: 'https://h.test/' })).not.toHaveProperty('secret');
  });

  it('round-trips a stored rule through the form', () => {
    const stored = rule({ kind: 'vitals-p75', metric: 'INP', threshold: 200, windowMinutes: 15, pageId: 'home', enabled: false });
    const draft = draftFromRule(stored);
    expect(draft.secret).toBe('');
    expect(bodyFromDraft(draft)).toEqual({ name: 'r', kind: 'vitals-p75', webhookUrl: stored.webhookUrl, enabled: false, metric: 'INP', threshold: 200, windowMinutes: 15, pageId: 'home' });
  });
});

describe('describeConditions', () => {
  it('says what each kind watches, with the server’s defaults where none is set', () => {
    expect(describeConditions(rule({}))).toBe('errors');
    expect(describeConditions(rule({ kind: 'regression', product: 'demo', minLevel: 3 }))).toBe('demo · warnings and up');
    expect(describeConditions(rule({ kind: 'group-rate', threshold: 100, cooldownMinutes: 5 }))).toBe('over 100 a minute · errors · quiet 5 min');
    expect(describeConditions(rule({ kind: 'vitals-p75', metric: 'LCP', threshold: 2500, pageId: 'home' }))).toBe('LCP p75 over 2500 ms · 30 min, ≥ 20 views · */home/* · quiet 60 min');
    expect(describeConditions(rule({ kind: 'vitals-p75', metric: 'CLS', threshold: 0.1 }))).toBe('CLS p75 over 0.1 · 30 min, ≥ 20 views · quiet 60 min');
  });
});

describe('generateSecret', () => {
  it('makes 43 base64url characters from 32 random bytes, different each time', () => {
    const fixed = generateSecret((bytes) => bytes.fill(0xfb));
    expect(fixed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fixed).toContain('-'); // 0xfb encodes to characters that plain base64 writes as + and /
    expect(generateSecret()).not.toBe(generateSecret());
  });
});
