import { describe, expect, it } from 'vitest';
import { createIgnoreList, matchesIgnoreRule } from './ignoreRules.js';
import type { IgnoreList } from './ignoreRules.js';
import type { LogRules } from './types.js';

const msg: Parameters<IgnoreList['matches']>[0] = { message: 'Script error.', fileName: 'https://ads.example.net/tag.js', level: 3 };

describe('matchesIgnoreRule', () => {
  it('needs every present field to match and never matches an empty rule', () => {
    expect(matchesIgnoreRule({ message: 'Script' }, msg)).toBe(true);
    expect(matchesIgnoreRule({ message: 'Script', fileName: 'ads.example' }, msg)).toBe(true);
    expect(matchesIgnoreRule({ message: 'Script', fileName: 'app.js' }, msg)).toBe(false);
    expect(matchesIgnoreRule({}, msg)).toBe(false);
  });

  it('matches levels at or below the rule level', () => {
    expect(matchesIgnoreRule({ level: 3 }, msg)).toBe(true);
    expect(matchesIgnoreRule({ level: 4 }, msg)).toBe(true);
    expect(matchesIgnoreRule({ level: 2 }, msg)).toBe(false);
  });
});

describe('createIgnoreList', () => {
  const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Trident/7.0; rv:11.0) like Gecko';
  const matchesAfter = (reply: LogRules, message: typeof msg = msg) => {
    const list = createIgnoreList(ua);
    list.add(reply);
    return list.matches(message);
  };

  it('targets browsers by user-agent substring, all messages when no message given', () => {
    expect(matchesAfter({ platformIgnores: [{ userAgent: 'Trident/' }] })).toBe(true);
    expect(matchesAfter({ platformIgnores: [{ userAgent: 'Trident/' }] }, { ...msg, level: 4 })).toBe(true);
    expect(matchesAfter({ platformIgnores: [{ userAgent: 'Trident/', message: 'Script' }] })).toBe(true);
    expect(matchesAfter({ platformIgnores: [{ userAgent: 'Trident/', message: 'other' }] })).toBe(false);
    expect(matchesAfter({ platformIgnores: [{ userAgent: 'Firefox/' }] })).toBe(false);
    expect(matchesAfter({ platformIgnores: [{ userAgent: '' }] })).toBe(false);
  });

  it('follows the latest reply and ignores malformed rules', () => {
    const list = createIgnoreList('Firefox/128');
    expect(list.matches(msg)).toBe(false);
    list.add({ ignore: [{ message: 'nope' }, null as never], platformIgnores: 'bad' as never });
    list.add({ platformIgnores: [null as never, { message: 'Script' } as never] });
    expect(list.matches(msg)).toBe(false);
    list.add({ ignore: [{ message: 'Script' }], platformIgnores: [{ userAgent: 'Firefox/' }] });
    expect(list.matches(msg)).toBe(true);
    expect(list.matches({ ...msg, message: 'other', level: 4 })).toBe(true);
    // The operator removed the rules: the next reply carries none, and messages flow again.
    list.add({});
    expect(list.matches(msg)).toBe(false);
  });
});
