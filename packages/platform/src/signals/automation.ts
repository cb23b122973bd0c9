import { automationGlobalHints } from './automationGlobals.js';
import { isSoftwareRenderer, readWebglRenderer } from './webglRenderer.js';

/** True when the user agent claims desktop Chrome, where an empty plugin list is abnormal. */
const isDesktopChrome = (ua: string): boolean => /Chrome\//.test(ua) && !/Mobile|Android|Edg\//.test(ua);

/**
 * Lists the automation hints this browser shows, each by name: `webdriver`, `headless` (user agent
 * or appVersion), `noPlugins`, `noLanguages`, `zeroOuterSize`, `selenium`, `phantom`,
 * `nightmare`, `cefSharp`, `chromeDriver`, `softwareRenderer`. Names only: weighing them is the
 * server's job, so the rules can change without shipping a new collector.
 */
export function detectAutomation(win: Window = window, renderer: () => string = () => readWebglRenderer(win.document)): string[] {
  const nav = win.navigator;
  const ua = nav.userAgent || '';
  const hints: string[] = [];
  const add = (name: string, fired: unknown): void => {
    if (fired) hints.push(name);
  };
  add('webdriver', nav.webdriver === true);
  add('headless', /headless/i.test(ua + nav.appVersion));
  add('noPlugins', isDesktopChrome(ua) && !(nav.plugins && nav.plugins.length));
  add('noLanguages', !nav.languages?.length);
  add('zeroOuterSize', win.outerWidth === 0 && win.outerHeight === 0);
  hints.push(...automationGlobalHints(win));
  add('softwareRenderer', isSoftwareRenderer(renderer()));
  return hints;
}
