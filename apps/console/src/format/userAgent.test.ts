import { describe, expect, it } from 'vitest';
import { shortUserAgent } from './userAgent';

describe('shortUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome 131 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe('Headless Chrome 156 · Linux');
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86')).toBe('Edge 131 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toBe('Safari 18 · iOS');
    expect(shortUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 · macOS');
    expect(shortUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe('Chrome 131 · Android');
  });

  it('returns what it does not recognise unchanged', () => {
    expect(shortUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
