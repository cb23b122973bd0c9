import { describe, expect, it, vi } from 'vitest';
import type { UsnatData } from './pageRegime';
import { USNAT_URL, createUsChoices } from './usChoices';

const undecided: UsnatData = { decided: false, saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: null };

/** A window whose fetch answers like the server (the body's choices, stored), and records the calls. */
function fakeWindow({ gpc = false, status = 200 } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const body = JSON.parse(String(init.body)) as Partial<UsnatData>;
    const answer: UsnatData = {
      decided: true,
      saleOptOut: !!body.saleOptOut,
      sharingOptOut: !!body.sharingOptOut,
      targetedAdvertisingOptOut: !!body.targetedAdvertisingOptOut,
      gpc: !!body.gpc,
      updatedAt: 1,
    };
    return new Response(JSON.stringify(answer), { status });
  });
  const win = { fetch, navigator: gpc ? { globalPrivacyControl: true } : {} } as unknown as Window;
  return { win, calls };
}

describe('createUsChoices', () => {
  it('saves through POST with the form token, then updates __gpp and the listeners', async () => {
    const { win, calls } = fakeWindow();
    const gpp = { update: vi.fn() };
    const choices = createUsChoices({ initial: undecided, formToken: () => 'tok', language: 'es', gpp, window: win });
    const listener = vi.fn();
    choices.subscribe(listener);
    expect(calls).toEqual([]); // nothing is sent without a choice
    expect(choices.gpcSignal).toBe(false);

    const saved = await choices.save({ saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(USNAT_URL);
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', 'X-CSRF': 'tok' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true, language: 'es' });
    expect(saved).toMatchObject({ decided: true, saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true });
    expect(gpp.update).toHaveBeenCalledWith(saved, 'usnat');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(choices.current()).toBe(saved);
  });

  it('rejects a choice the server did not store, and keeps the previous one', async () => {
    const { win } = fakeWindow({ status: 403 });
    const gpp = { update: vi.fn() };
    const choices = createUsChoices({ initial: undecided, formToken: () => 'tok', language: 'en', gpp, window: win });
    await expect(choices.save({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true })).rejects.toThrow(/HTTP 403/);
    expect(gpp.update).not.toHaveBeenCalled();
    expect(choices.current()).toBe(undecided);
  });

  it('with the browser’s GPC on, saves the opt-out of all three with gpc: true at once, and only then', async () => {
    const { win, calls } = fakeWindow({ gpc: true });
    const choices = createUsChoices({ initial: undecided, formToken: () => 'tok', language: 'en', window: win });
    expect(choices.gpcSignal).toBe(true);
    await vi.waitFor(() => expect(choices.current().gpc).toBe(true));
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true, language: 'en' });

    // A page whose stored choice already records GPC sends nothing, nor one told another part saves it.
    const again = fakeWindow({ gpc: true });
    createUsChoices({ initial: choices.current(), formToken: () => 'tok', language: 'en', window: again.win });
    createUsChoices({ initial: undecided, formToken: () => 'tok', language: 'en', window: again.win, saveGpc: false });
    expect(again.calls).toEqual([]);
  });
});
