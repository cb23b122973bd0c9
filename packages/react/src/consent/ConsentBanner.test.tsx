import { act } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installConsentApi } from '@tarmac/platform/consent';
import type { ConsentHandler, TCData, TcfWindow } from '@tarmac/platform/consent';
import { consentDataWith } from '../../../server/src/consent/testing/generateTcStrings.js';
import { ConsentBanner } from './ConsentBanner.js';
import { PrivacySettingsLink } from './PrivacySettingsLink.js';
import { mountAsync, unmountAll } from '../testing/mountReact.js';

const vendorList = {
  gvlVersion: 1,
  purposes: [1, 2, 3, 7].map((id) => ({ id, name: `P${id}` })),
  specialFeatures: [{ id: 1, name: 'SF1' }],
  vendors: [
    { id: 5, name: 'Vendor Five', purposes: [1, 2, 3], legIntPurposes: [7], specialFeatures: [] },
    { id: 6, name: 'Vendor Six', purposes: [], legIntPurposes: [7], specialFeatures: [1] },
  ],
};
// What the server sends before a choice: no consent, every declared legitimate interest.
const undecided = { purposeLegitimateInterests: [7], vendorLegitimateInterests: [5, 6] };
let container: HTMLElement;
let posted: unknown[];
let handler: ConsentHandler;

beforeEach(async () => {
  delete (window as TcfWindow).__tcfapi;
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (String(url).endsWith('/vendors')) return new Response(JSON.stringify(vendorList));
    if (init.method == 'POST') posted.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(consentDataWith(undecided, { showUi: init.method != 'POST' })));
  });
  handler = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'token' });
  await handler.ready;
});
afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
});

// Attached to the document: the banner moves focus, which needs a connected element.
async function mount(node: ReactNode) {
  container = await mountAsync(node, { attach: true });
}
const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = async (id: string) => act(async () => byTestId(id)!.click());
const events = () => {
  const seen: string[] = [];
  (window as TcfWindow).__tcfapi!('addEventListener', 2, (t: TCData) => seen.push(String(t.eventStatus)));
  return seen;
};

describe('ConsentBanner', () => {
  it('shows while the UI is up, takes focus, and "accept all" saves and closes it', async () => {
    const seen = events();
    await mount(<ConsentBanner handler={handler} locale="es" />);
    expect(byTestId('consent-banner')?.getAttribute('role')).toBe('dialog');
    expect(byTestId('consent-accept')?.textContent).toBe('Aceptar todo');
    expect(document.activeElement).toBe(byTestId('consent-settings'));
    await click('consent-accept');
    expect(posted).toEqual([{ choice: 'accept_all', language: 'es' }]);
    expect(byTestId('consent-banner')).toBeNull();
    expect(seen).toEqual(['cmpuishown', 'useractioncomplete']);
  });

  it('"reject all" posts reject_all', async () => {
    await mount(<ConsentBanner handler={handler} />);
    await click('consent-reject');
    expect(posted).toEqual([{ choice: 'reject_all', language: 'en' }]);
  });

  it('the settings panel lists purposes, special features and partners and saves the ticked ones', async () => {
    await mount(<ConsentBanner handler={handler} />);
    await click('consent-settings');
    await vi.waitFor(() => expect(byTestId('vendor-5')).not.toBeNull());
    for (const id of ['purpose-1', 'purpose-2', 'purpose-3', 'special-feature-1']) expect(byTestId(id)).not.toBeNull();
    // start from the current (empty) choice, tick purpose 2 and the vendor
    for (const id of ['purpose-1', 'purpose-2', 'purpose-3']) {
      if ((byTestId(id) as HTMLInputElement).checked) await click(id);
    }
    await click('purpose-2');
    await click('vendor-5');
    await click('consent-save');
    expect(posted).toEqual([{ choice: 'custom', purposes: [2], specialFeatures: [], vendors: [5], objectedPurposes: [], objectedVendors: [], language: 'en' }]);
  });

  it('offers the right to object where a vendor claims legitimate interest, and saves the objections', async () => {
    await mount(<ConsentBanner handler={handler} />);
    await click('consent-settings');
    await vi.waitFor(() => expect(byTestId('vendor-li-5')).not.toBeNull());
    // LI toggles only where LI is claimed; consent boxes only where consent is asked
    expect(byTestId('purpose-li-7')).not.toBeNull();
    expect(byTestId('purpose-li-1')).toBeNull();
    expect(byTestId('purpose-7')).toBeNull();
    expect(byTestId('vendor-6')).toBeNull();
    // legitimate interest starts on (nothing objected yet); unticking objects
    expect((byTestId('purpose-li-7') as HTMLInputElement).checked).toBe(true);
    await click('purpose-li-7');
    await click('vendor-li-6');
    await click('consent-save');
    expect(posted).toMatchObject([{ choice: 'custom', objectedPurposes: [7], objectedVendors: [6] }]);
  });

  it('Escape in the settings panel goes back to the first layer', async () => {
    await mount(<ConsentBanner handler={handler} />);
    await click('consent-settings');
    await act(async () => byTestId('consent-save')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(byTestId('consent-accept')).not.toBeNull();
  });

  it('"Privacy settings" reopens it after a choice', async () => {
    await mount(
      <>
        <ConsentBanner handler={handler} />
        <PrivacySettingsLink handler={handler} />
      </>,
    );
    await click('consent-accept');
    expect(byTestId('consent-banner')).toBeNull();
    await click('privacy-settings');
    expect(byTestId('consent-banner')).not.toBeNull();
    expect(handler.state()).toMatchObject({ displayStatus: 'visible', eventStatus: 'cmpuishown' });
  });
});
