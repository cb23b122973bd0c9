import { describe, expect, it } from 'vitest';
import { parsePerfReport } from './parsePerfReport.js';

const now = 1_750_000_000_000;
const meta = { receivedAt: now, userAgent: 'Chrome' };
const nav = now - 5_000;
const good = {
  nt_nav_st: String(nav), nt_fet_st: String(nav + 2), nt_red_st: '0', nt_ssl_st: '0', nt_res_end: String(nav + 90),
  nt_nav_type: '0', nt_red_cnt: '0', nt_trn_size: '1500', nt_protocol: 'h2',
  wv_lcp: '1234.5', wv_cls: '0.0421', wv_fid: '3.2', url: 'https://site.test/flights', vertical: 'flights', pageId: 'home',
};

const reason = (fields: Record<string, string>) => {
  try {
    parsePerfReport(fields, meta);
  } catch (error) {
    return (error as { statusCode: number; message: string }).statusCode + ' ' + (error as Error).message;
  }
};

describe('parsePerfReport', () => {
  it('keeps numbers as numbers, absent fields as null, and drops unknown fields', () => {
    const report = parsePerfReport({ ...good, nt_domloading: String(nav + 50), evil: 'x' }, meta);
    expect(report.navStart).toBe(nav);
    expect(report.timing).toMatchObject({ nt_fet_st: nav + 2, nt_red_st: 0, nt_res_end: nav + 90, nt_load_end: null, nt_trn_size: 1500 });
    expect(report.vitals).toEqual({ wv_lcp: 1234.5, wv_cls: 0.0421, wv_fid: 3.2, wv_inp: null, wv_fcp: null, wv_ttfb: null });
    expect(report).toMatchObject({ url: 'https://site.test/flights', vertical: 'flights', pageId: 'home', subPageId: null, protocol: 'h2', userAgent: 'Chrome' });
    expect(JSON.stringify(report)).not.toContain('evil');
    expect(JSON.stringify(report)).not.toContain('domloading');
  });

  it('refuses text, negative and absurd numbers with a 400 naming the field', () => {
    expect(reason({ ...good, wv_lcp: 'fast' })).toBe('400 wv_lcp must be a number');
    expect(reason({ ...good, wv_lcp: '0x10' })).toBe('400 wv_lcp must be a number');
    expect(reason({ ...good, wv_inp: '-5' })).toMatch(/^400 wv_inp must be between 0 and/);
    expect(reason({ ...good, wv_ttfb: '86400000' })).toMatch(/^400 wv_ttfb must be between/);
    expect(reason({ ...good, wv_cls: '1000' })).toMatch(/^400 wv_cls/);
    expect(reason({ ...good, nt_trn_size: '1.5' })).toBe('400 nt_trn_size must be an integer');
    expect(reason({ ...good, nt_nav_type: '7' })).toBe('400 nt_nav_type must be 0, 1, 2 or 255');
  });

  it('refuses navigation times before nt_nav_st or hours after it, and a start in the future', () => {
    expect(reason({ ...good, nt_fet_st: String(nav - 1) })).toBe('400 nt_fet_st must be 0 or within an hour after nt_nav_st');
    expect(reason({ ...good, nt_load_end: String(nav + 4 * 3_600_000) })).toMatch(/^400 nt_load_end/);
    expect(reason({ ...good, nt_nav_st: String(now + 3 * 86_400_000) })).toMatch(/^400 nt_nav_st must be between/);
    expect(reason({ nt_fet_st: String(nav) , wv_lcp: '1' })).toMatch(/^400 nt_fet_st/);
  });

  it('takes a route change measured nothing of (no soft-navigation entries) as a view with no values', () => {
    const report = parsePerfReport({ nav: 'soft', url: 'https://x.test/?page=2', pageId: 'results', subPageId: 'page-2' }, meta);
    expect(report).toMatchObject({ nav: 'soft', navStart: null, pageId: 'results', subPageId: 'page-2' });
    expect(Object.values(report.vitals).every((v) => v === null)).toBe(true);
    expect(Object.values(report.timing).every((v) => v === null)).toBe(true);
  });

  it('refuses empty reports, too many fields and overlong text', () => {
    expect(reason({ url: 'https://x.test' })).toBe('400 a report needs nt_nav_st or at least one wv_ field');
    expect(reason({ url: 'https://x.test', nav: 'hard' })).toBe('400 a report needs nt_nav_st or at least one wv_ field');
    const many = Object.fromEntries(Array.from({ length: 81 }, (_, i) => [`f${i}`, '1']));
    expect(reason({ ...good, ...many })).toMatch(/^400 a report has at most 80 fields/);
    expect(reason({ ...good, pageId: 'p'.repeat(129) })).toBe('400 pageId must be at most 128 characters');
  });
});
