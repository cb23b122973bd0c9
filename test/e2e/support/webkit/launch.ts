// Starting and stopping one MiniBrowser: its proxy, its WebKitWebDriver and its session. Split
// from the context so the browser can start the next one ahead of time (browser.ts): under load a
// start takes 10-20 s, most of a short test.
import { Interceptor } from './interceptor.js';
import { WebDriverSession, WebKitDriverProcess } from './webdriver.js';

/** A running MiniBrowser with its own proxy, driver and session; `window` is its one window. */
export type Launched = {
  interceptor: Interceptor;
  driver: WebKitDriverProcess;
  session: WebDriverSession;
  window: string;
  /** The MiniBrowser arguments it was started with (a warm one fits only a context asking for these). */
  args: string[];
};

/** MiniBrowser's arguments for a context's options: automation mode, user agent, time zone. */
export function browserArgs(options: { userAgent?: string; timezoneId?: string }): string[] {
  const args = ['--automation'];
  if (options.userAgent) args.push(`--user-agent=${options.userAgent}`);
  if (options.timezoneId) args.push(`--time-zone=${options.timezoneId}`);
  return args;
}

/**
 * Starts a MiniBrowser on `display` with `args`, every request through a new proxy. With `warm`,
 * it also loads about:blank, which starts the page's web process (a first navigation otherwise
 * pays for it: 2-4 s measured under load).
 */
export async function launch(display: string, args: string[], warm = false): Promise<Launched> {
  const interceptor = await Interceptor.start();
  const driver = await WebKitDriverProcess.start(display).catch(async (error: unknown) => {
    await interceptor.close();
    throw error;
  });
  try {
    const session = await WebDriverSession.create(driver.url, interceptor.port, args);
    const window = await session.command<string>('GET', '/window');
    if (warm) await session.command('POST', '/url', { url: 'about:blank' });
    return { interceptor, driver, session, window, args };
  } catch (error) {
    await interceptor.close();
    await driver.stop();
    throw error;
  }
}

/** Ends the session (closing its MiniBrowser), stops the driver and the proxy. Never throws. */
export async function shutdown(launched: Launched): Promise<void> {
  await launched.session.delete();
  await launched.driver.stop().catch(() => undefined);
  await launched.interceptor.close().catch(() => undefined);
}
