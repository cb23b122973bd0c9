import { describe, expect, it } from 'vitest';
import { personSignals } from './testing/sealForTest.js';
import { AUTOMATION_THRESHOLD, judgeSignals } from './verdict.js';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36';

describe('judgeSignals', () => {
  it('finds nothing against an ordinary browser', () => {
    expect(judgeSignals(personSignals(), BROWSER)).toEqual({ score: 0, automation: false, reasons: [] });
  });

  it.each(['webdriver', 'headless', 'selenium', 'phantom', 'nightmare', 'chromeDriver'])('calls %s alone automation', (hint) => {
    const verdict = judgeSignals(personSignals({ automation: [hint] }), BROWSER);
    expect(verdict.automation).toBe(true);
    expect(verdict.reasons).toEqual([hint]);
    expect(verdict.score).toBeGreaterThanOrEqual(AUTOMATION_THRESHOLD);
  });

  it('does not call circumstantial hints alone automation', () => {
    const verdict = judgeSignals(personSignals({ automation: ['softwareRenderer'], fonts: [] }), BROWSER);
    expect(verdict).toEqual({ score: 20, automation: false, reasons: ['noFonts', 'softwareRenderer'] });
  });

  it('adds what only the server sees and orders reasons by weight', () => {
    const verdict = judgeSignals(
      personSignals({ automation: ['softwareRenderer', 'noPlugins', 'somethingNew'], screen: { ...personSignals().screen, width: 0 } }),
      'Mozilla/5.0 HeadlessChrome/124.0',
    );
    expect(verdict.reasons).toEqual(['headlessUserAgentHeader', 'noPlugins', 'zeroScreen', 'softwareRenderer', 'somethingNew']);
    expect(verdict.score).toBe(100);
    expect(verdict.automation).toBe(true);
  });
});
