import { GppModel } from '@iabgpp/cmpapi';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile, eventually, openFixture } from './support/browser.js';

// The GPP CMP API in a real Chromium: the built <head> stub (dist/gpp-stub.js) answers first, the
// built handler (consent/gpp) takes over its queue, and a sandboxed ad frame reaches both through
// the __gppLocator frame and postMessage.
const baseURL = inject('baseURL');
const stubScript = readFileSync(new URL('../../packages/platform/dist/gpp-stub.js', import.meta.url), 'utf8');
const browser = chromiumForThisFile();

type FixtureWindow = Window & {
  __gpp: (...args: unknown[]) => void;
  heard: string[];
  stubPing: { cmpStatus: string };
  frameReplies: { callId: string; eventName?: string; cmpStatus?: string; signalStatus?: string; gppString?: string }[];
  askFrame: (command: string, callId: string) => void;
  install: () => Promise<{ update(data: unknown, regime: string): void; gppString(): string }>;
  handler: { update(data: unknown, regime: string): void; gppString(): string };
};

// An ad frame with an opaque origin (sandbox without allow-same-origin): it can only find the CMP
// by the __gppLocator frame and talk to it with postMessage, as the GPP spec describes.
const adFrame = `<script>
  let cmp = window;
  while (cmp && !cmp.frames['__gppLocator']) cmp = cmp === window.top ? null : cmp.parent;
  window.addEventListener('message', (event) => {
    const back = event.data && event.data.__gppReturn;
    if (back) parent.postMessage({ fromAdFrame: back }, '*');
  });
  window.addEventListener('message', (event) => {
    const ask = event.data && event.data.ask;
    if (ask) cmp.postMessage({ __gppCall: { command: ask.command, version: '1.1', callId: ask.callId } }, '*');
  });
</script>`;

const page = (body: string) => `
  <script>${stubScript}</script>
  <script>
    window.heard = [];
    window.frameReplies = [];
    __gpp('ping', (ping) => (window.stubPing = ping));
    __gpp('addEventListener', (event) => window.heard.push(event.eventName + ':' + event.data + ':' + event.pingData.signalStatus));
    window.addEventListener('message', (event) => {
      const back = event.data && event.data.fromAdFrame;
      if (!back) return;
      const value = back.returnValue || {};
      const ping = value.pingData || value;
      window.frameReplies.push({ callId: back.callId, eventName: value.eventName, cmpStatus: ping.cmpStatus, signalStatus: ping.signalStatus, gppString: ping.gppString });
    });
    window.askFrame = (command, callId) => document.getElementById('ad').contentWindow.postMessage({ ask: { command, callId } }, '*');
  </script>
  <iframe id="ad" sandbox="allow-scripts" srcdoc="${adFrame.replaceAll('"', '&quot;')}"></iframe>
  <script type="module">
    window.install = async () => {
      const { installGppApi } = await import('/__platform/consent/gpp/index.js');
      return (window.handler = installGppApi({ cmpId: 1, cmpVersion: 1 }));
    };
  </script>
  ${body}`;

const us = { decided: true, saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: 1 };
const fixture = async (body = ''): Promise<Page> => {
  const p = await (await browser.newContext()).newPage();
  await openFixture(p, baseURL, 'gpp', page(body));
  await p.waitForFunction(() => typeof (window as unknown as FixtureWindow).install === 'function');
  return p;
};
const frameReplies = (p: Page) => p.evaluate(() => (window as unknown as FixtureWindow).frameReplies);

describe('GPP in Chromium: stub, handler, frames', () => {
  it('the stub answers ping at once and queues the rest; the handler replays the queue, then signals in order', async () => {
    const p = await fixture();
    expect(await p.evaluate(() => (window as unknown as FixtureWindow).stubPing.cmpStatus)).toBe('stub');
    expect(await p.evaluate(() => (window as unknown as FixtureWindow).heard)).toEqual([]);
    await p.evaluate(async () => {
      const w = window as unknown as FixtureWindow;
      await w.install();
    });
    // The queued addEventListener is answered by the handler: registered while not yet ready.
    expect(await p.evaluate(() => (window as unknown as FixtureWindow).heard)).toEqual(['listenerRegistered:true:not ready']);
    const strings = await p.evaluate((data) => {
      const w = window as unknown as FixtureWindow;
      w.handler.update(data, 'usnat');
      const first = w.handler.gppString();
      w.handler.update({ ...data, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true }, 'usnat');
      return [first, w.handler.gppString()];
    }, us);
    expect(await p.evaluate(() => (window as unknown as FixtureWindow).heard)).toEqual([
      'listenerRegistered:true:not ready',
      'signalStatus:not ready:not ready',
      'sectionChange:usnat:not ready',
      'signalStatus:ready:ready',
      'signalStatus:not ready:not ready',
      'sectionChange:usnat:not ready',
      'signalStatus:ready:ready',
    ]);
    // What the browser wrote, read by the IAB's own decoder.
    const [before, after] = strings.map((s) => new GppModel(s));
    expect(before!.getFieldValue('usnat', 'SaleOptOut')).toBe(2);
    expect(after!.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
    expect(after!.getFieldValue('usnat', 'TargetedAdvertisingOptOut')).toBe(1);
    await p.context().close();
  });

  it('an ad frame reaches the stub, then the handler, through __gppLocator and postMessage', async () => {
    const p = await fixture();
    await p.evaluate(() => (window as unknown as FixtureWindow).askFrame('ping', 'p1'));
    await p.evaluate(() => (window as unknown as FixtureWindow).askFrame('addEventListener', 'l1'));
    await eventually(async () => ((await frameReplies(p)).length ? true : undefined), 5000, 'the stub answering the frame');
    expect(await frameReplies(p)).toEqual([{ callId: 'p1', eventName: undefined, cmpStatus: 'stub', signalStatus: 'not ready', gppString: '' }]);
    const gppString = await p.evaluate(async (data) => {
      const w = window as unknown as FixtureWindow;
      const handler = await w.install();
      handler.update({ ...data, gpc: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true }, 'usnat');
      return handler.gppString();
    }, us);
    const replies = await eventually(async () => {
      const all = await frameReplies(p);
      return all.length >= 5 ? all : undefined;
    }, 5000, 'the frame listener hearing every event');
    expect(replies.slice(1).map((r) => `${r.callId} ${r.eventName} ${r.signalStatus}`)).toEqual([
      'l1 listenerRegistered not ready',
      'l1 signalStatus not ready',
      'l1 sectionChange not ready',
      'l1 signalStatus ready',
    ]);
    expect(replies[4]!.gppString).toBe(gppString);
    expect(new GppModel(gppString).getFieldValue('usnat', 'Gpc')).toBe(true);
    await p.evaluate(() => (window as unknown as FixtureWindow).askFrame('ping', 'p2'));
    const last = await eventually(async () => (await frameReplies(p)).find((r) => r.callId === 'p2'), 5000, 'the handler ping');
    expect(last).toMatchObject({ cmpStatus: 'loaded', signalStatus: 'ready', gppString });
    await p.context().close();
  });

  it('honours the browser GPC with no click', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const p = await context.newPage();
    await openFixture(p, baseURL, 'gpp', page(''));
    await p.waitForFunction(() => typeof (window as unknown as FixtureWindow).install === 'function');
    const gppString = await p.evaluate(async (data) => {
      const handler = await (window as unknown as FixtureWindow).install();
      handler.update(data, 'usnat');
      return handler.gppString();
    }, us);
    const decoded = new GppModel(gppString);
    expect(['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'].map((f) => decoded.getFieldValue('usnat', f))).toEqual([1, 1, 1]);
    expect(decoded.getFieldValue('usnat', 'Gpc')).toBe(true);
    await context.close();
  });
});
