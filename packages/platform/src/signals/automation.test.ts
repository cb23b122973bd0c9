import { describe, expect, it } from 'vitest';
import { detectAutomation } from './automation.js';

const DESKTOP_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** A window that shows no hint at all; each test changes one thing. */
function fakeWindow(nav: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, doc = document.implementation.createHTMLDocument('t')): Window {
  return {
    navigator: { userAgent: DESKTOP_CHROME, appVersion: '5.0 (Windows)', plugins: { length: 5 }, languages: ['en-US'], language: 'en-US', webdriver: false, ...nav },
    outerWidth: 1280,
    outerHeight: 800,
    document: doc,
    ...extra,
  } as unknown as Window;
}
const hardware = () => 'ANGLE (NVIDIA GeForce RTX 3060)';

describe('detectAutomation', () => {
  it('reports nothing for an ordinary desktop browser', () => {
    expect(detectAutomation(fakeWindow(), hardware)).toEqual([]);
  });

  it.each([
    ['webdriver', { webdriver: true }],
    ['headless', { userAgent: DESKTOP_CHROME.replace('Chrome/', 'HeadlessChrome/') }],
    ['headless', { appVersion: '5.0 (X11) HeadlessChrome/124.0' }],
    ['noPlugins', { plugins: { length: 0 } }],
    ['noLanguages', { languages: [] }],
  ])('reports %s from navigator %o', (hint, nav) => {
    expect(detectAutomation(fakeWindow(nav), hardware)).toEqual([hint]);
  });

  it('does not expect plugins on mobile Chrome or Firefox', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
    expect(detectAutomation(fakeWindow({ userAgent: android, plugins: { length: 0 } }), hardware)).toEqual([]);
    expect(detectAutomation(fakeWindow({ userAgent: 'Mozilla/5.0 Firefox/126.0', plugins: { length: 0 } }), hardware)).toEqual([]);
  });

  it('reports a zero outer window size', () => {
    expect(detectAutomation(fakeWindow({}, { outerWidth: 0, outerHeight: 0 }), hardware)).toEqual(['zeroOuterSize']);
  });

  it.each([
    ['selenium', { _Selenium_IDE_Recorder: {} }],
    ['selenium', { __webdriver_evaluate: () => 0 }],
    ['selenium', { __fxdriver_unwrapped: true }],
    ['phantom', { callPhantom: () => 0 }],
    ['phantom', { _phantom: {} }],
    ['nightmare', { __nightmare: {} }],
    ['cefSharp', { CefSharp: {} }],
    ['chromeDriver', { cdc_adoQpoasnfa76pfcZLmcfl_Array: [] }],
  ])('reports %s from the global %o', (hint, globals) => {
    expect(detectAutomation(fakeWindow({}, globals), hardware)).toEqual([hint]);
  });

  it("reports Selenium's attribute on <html> and ChromeDriver's key on the document", () => {
    const marked = document.implementation.createHTMLDocument('t');
    marked.documentElement.setAttribute('webdriver', 'true');
    expect(detectAutomation(fakeWindow({}, {}, marked), hardware)).toEqual(['selenium']);
    const cached = document.implementation.createHTMLDocument('t');
    Object.assign(cached, { $cdc_asdjflasutopfhvcZLmcfl_: {} });
    expect(detectAutomation(fakeWindow({}, {}, cached), hardware)).toEqual(['chromeDriver']);
  });

  it.each(['Google SwiftShader', 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)))', 'llvmpipe (LLVM 15.0.7, 256 bits)', 'Microsoft Basic Render Driver (Software)'])(
    'reports the software renderer %s',
    (renderer) => {
      expect(detectAutomation(fakeWindow(), () => renderer)).toEqual(['softwareRenderer']);
    },
  );

  it('reports every hint that fires, in a stable order', () => {
    const win = fakeWindow({ webdriver: true, plugins: { length: 0 }, userAgent: DESKTOP_CHROME.replace('Chrome/', 'HeadlessChrome/') }, { __nightmare: 1 });
    expect(detectAutomation(win, () => 'SwiftShader')).toEqual(['webdriver', 'headless', 'noPlugins', 'nightmare', 'softwareRenderer']);
  });
});
