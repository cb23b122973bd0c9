import { useEffect, useId, useRef, useState } from 'react';
import type { ConsentChoices, ConsentHandler, TCData } from '@tarmac/platform/consent';
import { ConsentSettings } from './ConsentSettings.js';
import { consentTexts } from './consentStrings.js';
import type { ConsentLocale } from './consentStrings.js';
import type { CurrentSignals } from './settingsChoice.js';
import { useConsent } from './useConsent.js';
import { useVendorList } from './useVendorList.js';

const signalsOf = (tcData: TCData): CurrentSignals => ({
  purposeConsents: tcData.purpose?.consents,
  purposeLegitimateInterests: tcData.purpose?.legitimateInterests,
  vendorConsents: tcData.vendor?.consents,
  vendorLegitimateInterests: tcData.vendor?.legitimateInterests,
  specialFeatureOptins: tcData.specialFeatureOptins,
});

/** Props of {@link ConsentBanner}. */
export interface ConsentBannerProps {
  /** The handler `installConsentApi` returned: the banner saves and closes through it. */
  handler: Pick<ConsentHandler, 'save'>;
  locale?: ConsentLocale;
  vendorsUrl?: string;
}

/**
 * The consent banner: shown while the CMP reports `cmpuishown` (first visit, or reopened from
 * "Privacy settings"), with accept all, reject all and a settings panel. Focus moves into it
 * when it appears and back to where it was when it closes, so keyboard users are not lost.
 */
export function ConsentBanner({ handler, locale = 'en', vendorsUrl = '/i/api/iabtcf/v1/vendors' }: ConsentBannerProps) {
  const tcData = useConsent();
  const texts = consentTexts[locale];
  const [view, setView] = useState<'main' | 'settings'>('main');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  const visible = tcData?.cmpStatus == 'loaded' && tcData.eventStatus == 'cmpuishown';
  const list = useVendorList(vendorsUrl, visible && view == 'settings');

  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLElement>('button')?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [visible]);

  if (!visible || !tcData) return null;

  const choose = async (choices: ConsentChoices) => {
    setSaving(true);
    setFailed(false);
    const ok = await handler.save({ ...choices, language: locale });
    setSaving(false);
    setFailed(!ok);
    if (ok) setView('main');
  };

  return (
    <section ref={root} className="consent-banner" role="dialog" aria-modal="false" aria-labelledby={titleId} data-testid="consent-banner">
      {view == 'main' ? (
        <>
          <h2 id={titleId} className="consent-banner__title">
            {texts.title}
          </h2>
          <p>{texts.intro}</p>
          <div className="consent-banner__actions">
            <button type="button" onClick={() => setView('settings')} disabled={saving} data-testid="consent-settings">
              {texts.settings}
            </button>
            <button type="button" onClick={() => choose({ choice: 'reject_all' })} disabled={saving} data-testid="consent-reject">
              {texts.rejectAll}
            </button>
            <button type="button" className="consent-banner__primary" onClick={() => choose({ choice: 'accept_all' })} disabled={saving} data-testid="consent-accept">
              {texts.acceptAll}
            </button>
          </div>
        </>
      ) : (
        <div className="consent-settings" onKeyDown={(event) => event.key == 'Escape' && setView('main')}>
          <h2 id={titleId} className="consent-banner__title">
            {texts.settingsTitle}
          </h2>
          {list == 'loading' && <p>{texts.vendorsLoading}</p>}
          {list == 'failed' && <p role="alert">{texts.vendorsFailed}</p>}
          {typeof list == 'object' && (
            <ConsentSettings texts={texts} current={signalsOf(tcData)} list={list} saving={saving} onSave={choose} onBack={() => setView('main')} />
          )}
        </div>
      )}
      {failed && (
        <p role="alert" className="consent-banner__error">
          {texts.saveFailed}
        </p>
      )}
    </section>
  );
}
