import { describe, expect, it } from 'vitest';
import { isIgnored, matchesIgnoreRule, matchesPlatformRule } from './ignoreRules.js';

const msg = { message: 'Script error in widget', fileName: 'https://cdn.test/ads.js', level: 3 as const };

describe('ignore rules', () => {
  it('matches only when every present field matches', () => {
    expect(matchesIgnoreRule({ message: 'Script error' }, msg)).toBe(true);
    expect(matchesIgnoreRule({ message: 'Script error', fileName: 'ads.js' }, msg)).toBe(true);
    expect(matchesIgnoreRule({ message: 'Script error', fileName: 'app.js' }, msg)).toBe(false);
    expect(matchesIgnoreRule({ level: 3 }, msg)).toBe(true);
    expect(matchesIgnoreRule({ level: 2 }, msg)).toBe(false);
  });

  it('matches nothing with an empty rule', () => {
    expect(matchesIgnoreRule({}, msg)).toBe(false);
  });

  it('checks the fileName rule against messages without a file as empty', () => {
    expect(matchesIgnoreRule({ fileName: 'ads' }, { ...msg, fileName: undefined })).toBe(false);
  });

  it('applies platform rules to the matching user agent only', () => {
    expect(matchesPlatformRule({ userAgent: 'OldBrowser' }, msg, 'Mozilla OldBrowser/2')).toBe(true);
    expect(matchesPlatformRule({ userAgent: 'OldBrowser' }, msg, 'Chrome/130')).toBe(false);
    expect(matchesPlatformRule({ userAgent: 'OldBrowser', message: 'other' }, msg, 'OldBrowser')).toBe(false);
    expect(matchesPlatformRule({ userAgent: '' }, msg, 'anything')).toBe(false);
  });

  it('combines both kinds of rule', () => {
    expect(isIgnored({}, msg, 'Chrome')).toBe(false);
    expect(isIgnored({ ignore: [{ fileName: 'cdn.test' }] }, msg, 'Chrome')).toBe(true);
    expect(isIgnored({ platformIgnores: [{ userAgent: 'Chrome', message: 'widget' }] }, msg, 'Chrome')).toBe(true);
  });
});
