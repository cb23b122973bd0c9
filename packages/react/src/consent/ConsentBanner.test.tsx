import { act } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installConsentApi } from '@tarmac/platform/consent';
import type { ConsentHandler, TCData, TcfWindow } from '@tarmac/platform/consent';
import { consentDataWith } from '../../../server/src/consent/testing/generateTcStrings.js';
import { ConsentBanner } from './ConsentBanner.js';
import { PrivacySettingsLink } from './PrivacySettingsLink.js';
import { mountAsync, unmountAll } from '../testing/mountReact.js';

const vendor = (id: number, name: string, purposes: number[], legIntPurposes: number[], specialFeatures: number[] = []) => ({
  id,
  name,
  purposes,
  legIntPurposes,
  specialPurposes: [1],
  features: [],
  specialFeatures,
  dataDeclaration: [1, 6],
  retention: { std: 30, purposes: {}, specialPurposes: {} },
  urls: [{ langId: 'en', privacy: `https://v${id}.example/privacy`, legIntClaim: `https://v${id}.example/li` }],
  cookieMaxAgeSeconds: 86_400 * 10,
  usesCookies: true,
  usesNonCookieAccess: false,
});
const vendorList = {
  gvlVersion: 1,
  purposes: [1, 2, 3, 7].map((id) => ({ id, name: `P${id}` })),
  specialPurposes: [{ id: 1, name: 'SP1', description: 'Keep it secure' }],
  features: [],
  specialFeatures: [{ id: 1, name: 'SF1' }],
  dataCategories: [{ id: 1, name: 'IP' }, { id: 6, name: 'Browsing' }],
  vendors: [vendor(5, 'Vendor Five', [1, 2, 3], [7]), vendor(6, 'Vendor Six', [], [7], [1])],
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
    if (init.method === 'POST') posted.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(consentDataWith(undecided, { showUi: init.method !== 'POST' })));
  });
  handler = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'token' });
  await handler.ready;
});
afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
});

// Attached to the document: the banner moves focus, which needs a connected element. Waits for
// the first layer's disclosures, which the accept button waits for too.
async function mount(node: ReactNode) {
  container = await mountAsync(node, { attach: true });
  await vi.waitFor(() => expect(byTestId('consent-intro')).not.toBeNull());
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

  it('the first layer names the partner count, the data, purposes and special features, the legitimate-interest objection and withdrawal', async () => {
    await mount(<ConsentBanner handler={handler} />);
    const text = byTestId('consent-banner')!.textContent!;
    expect(byTestId('consent-intro')!.textContent).toBe(
      'We and our 2 partners store and read information on your device, such as cookies and device identifiers, and process personal data such as IP addresses, browsing and interaction data, for these purposes:',
    );
    expect([...byTestId('consent-first-purposes')!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Store or read information on your device',
      'Basic ads',
      'Advertising profile',
      'Ad measurement',
    ]);
    expect(byTestId('consent-first-special-features')!.textContent).toBe('Precise location');
    expect(byTestId('consent-li-notice')!.textContent).toMatch(/legitimate interest\. You have the right to object/);
    expect(text).toMatch(/withdraw your consent or object at any time/);
    expect(byTestId('consent-partners')!.textContent).toBe('See our 2 partners');
  });

  it('in Spanish, our own texts are Spanish', async () => {
    await mount(<ConsentBanner handler={handler} locale="es" />);
    expect(byTestId('consent-intro')!.textContent).toMatch(/^Nosotros y nuestros 2 socios .* direcciones IP, datos de navegación e interacción/);
    expect(byTestId('consent-first-purposes')!.textContent).toMatch(/^Guardar o leer información en tu dispositivo/);
    expect(byTestId('consent-partners')!.textContent).toBe('Ver nuestros 2 socios');
    await click('consent-partners');
    await click('vendor-details-5');
    expect(byTestId('vendor-details-5')!.textContent).toMatch(/Conserva los datos30 días/);
  });

  it('discloses each partner’s purposes, data, retention, storage and links in the second layer', async () => {
    await mount(<ConsentBanner handler={handler} />);
    await click('consent-settings');
    const details = byTestId('vendor-details-5')!;
    const rows = Object.fromEntries([...details.querySelectorAll('.consent-vendor__row')].map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent]));
    expect(rows).toEqual({
      'Purposes (consent)': 'Store or read information on your device · Basic ads · Advertising profile',
      'Purposes (legitimate interest)': 'Ad measurement',
      'Special purposes': 'Security, fraud prevention and debugging',
      'Data collected': 'IP addresses · browsing and interaction data',
      'Data kept for': '30 days',
      'Storage on your device': 'cookies for up to 10 days',
    });
    expect([...details.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Privacy policy', 'https://v5.example/privacy'],
      ['Legitimate interest at stake', 'https://v5.example/li'],
    ]);
    expect(byTestId('consent-vendors-heading')!.textContent).toBe('Partners (2)');
    expect(byTestId('consent-special-purposes')!.textContent).toMatch(/Security, fraud prevention and debugging.*Keep it secure/);
  });

  it('focus moves into the second layer and back to its opener on Escape and Back', async () => {
    await mount(<ConsentBanner handler={handler} />);
    await click('consent-settings');
    expect(document.activeElement).toBe(byTestId('consent-settings-title'));
    await act(async () => byTestId('consent-save')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(byTestId('consent-accept')).not.toBeNull();
    expect(document.activeElement).toBe(byTestId('consent-settings'));

    await click('consent-partners');
    expect(document.activeElement).toBe(byTestId('consent-vendors-heading'));
    await click('consent-back');
    expect(document.activeElement).toBe(byTestId('consent-partners'));
  });

  it('accept waits for the disclosures: without the partner list it stays disabled, reject does not', async () => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (String(url).endsWith('/vendors')) return new Response('{}', { status: 503 });
      if (init.method === 'POST') posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(consentDataWith(undecided, { showUi: init.method !== 'POST' })));
    });
    container = await mountAsync(<ConsentBanner handler={handler} />, { attach: true });
    await vi.waitFor(() => expect(byTestId('consent-banner')!.querySelector('[role="alert"]')).not.toBeNull());
    expect((byTestId('consent-accept') as HTMLButtonElement).disabled).toBe(true);
    await click('consent-reject');
    expect(posted).toEqual([{ choice: 'reject_all', language: 'en' }]);
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
