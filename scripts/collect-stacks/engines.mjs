// Opens a URL in each engine this machine has and waits until the page has reported. Firefox
// and WebKit are started as plain processes (the page posts its stacks back to the collector,
// so no driver is needed); WebKitGTK's MiniBrowser needs a display, so it gets its own Xvfb.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

function started(command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/** Each engine as `open(url, reported) → Promise<void>`: resolves once `reported` has. */
export const engines = {
  async chromium(url, reported) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      await (await browser.newPage()).goto(url);
      await reported;
    } finally {
      await browser.close();
    }
  },
  async firefox(url, reported) {
    const profile = mkdtempSync(join(tmpdir(), 'stacks-firefox-'));
    writeFileSync(join(profile, 'user.js'), 'user_pref("browser.shell.checkDefaultBrowser", false);\nuser_pref("datareporting.policy.dataSubmissionEnabled", false);\n');
    const stop = started('firefox-esr', ['--headless', '--no-remote', '--profile', profile, url]);
    try {
      await reported;
    } finally {
      await stop();
      rmSync(profile, { recursive: true, force: true });
    }
  },
  async webkit(url, reported) {
    const display = ':97';
    const stopX = started('Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp']);
    await new Promise((resolve) => setTimeout(resolve, 500)); // Xvfb has no ready signal to wait on
    const stop = started(MINIBROWSER, [url], { DISPLAY: display });
    try {
      await reported;
    } finally {
      await stop();
      await stopX();
    }
  },
};
