import { useEffect, useId, useRef, useState } from 'react';
import type { ConsentChoices, ConsentHandler } from '@tarmac/platform/consent';
import { ConsentSettings } from './ConsentSettings.js';
import { consentTexts } from './consentStrings.js';
import type { ConsentLocale } from './consentStrings.js';
import { FirstLayer } from './FirstLayer.js';
import { useConsent } from './useConsent.js';
import { useVendorList } from './useVendorList.js';

/** Props of {@link ConsentBanner}. */
export interface ConsentBannerProps {
  /** The handler `installConsentApi` returned: the banner reads its state and list and saves through it. */
  handler: Pick<ConsentHandler, 'save' | 'subscribe' | 'state' | 'vendorList'>;
  locale?: ConsentLocale;
}

// Which first-layer button opened the second layer: focus goes back to it.
type Opener = 'consent-settings' | 'consent-partners';

/**
 * The consent banner: shown while the CMP reports `cmpuishown` (first visit, re-consent, or
 * reopened from "Privacy settings"). The first layer discloses what TCF v2.2 requires and offers
 * accept all, reject all and settings; the second layer offers every choice. Focus moves into
 * the banner when it appears, into the second layer when it opens, back to its opener when it
 * closes (Back or Escape), and back to where it was when the banner goes.
 */
export function ConsentBanner({ handler, locale = 'en' }: ConsentBannerProps) {
  const consent = useConsent(handler);
  const texts = consentTexts[locale];
  const [opener, setOpener] = useState<Opener | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  const returnTo = useRef<Opener | null>(null);
  const visible = consent.cmpStatus === 'loaded' && consent.eventStatus === 'cmpuishown';
  const list = useVendorList(handler, visible);
  // The first layer appears once its disclosures are in (or failed to come): drawn before, it
  // would grow under the visitor's eyes a second later, a layout shift (CLS 0.5 in Lighthouse).
  const shown = visible && (list !== 'loading' || opener != null);

  useEffect(() => {
    if (!shown) return;
    const previous = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLElement>('[data-testid="consent-settings"]')?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [shown]);

  // Back on the first layer: the button that opened the second one gets focus again.
  useEffect(() => {
    if (opener || !returnTo.current) return;
    root.current?.querySelector<HTMLElement>(`[data-testid="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [opener]);

  if (!shown) return null;

  const choose = async (choices: ConsentChoices) => {
    setSaving(true);
    setFailed(false);
    const ok = await handler.save({ ...choices, language: locale });
    setSaving(false);
    setFailed(!ok);
    if (ok) setOpener(null);
  };
  const back = () => {
    returnTo.current = opener;
    setOpener(null);
  };
  const ready = typeof list === 'object';

  return (
    <section
      ref={root}
      className={`consent-banner${opener ? ' consent-banner--settings' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="consent-banner"
      onKeyDown={(event) => opener && event.key === 'Escape' && back()}
    >
      {opener && !ready ? (
        <>
          <div className="consent-layer__body">
            <h2 id={titleId} className="consent-banner__title">
              {texts.settingsTitle}
            </h2>
            {list === 'loading' ? <p>{texts.vendorsLoading}</p> : <p role="alert">{texts.vendorsFailed}</p>}
          </div>
          <div className="consent-banner__actions">
            <button type="button" onClick={back} data-testid="consent-back">
              {texts.back}
            </button>
          </div>
        </>
      ) : opener && ready ? (
        <ConsentSettings
          texts={texts}
          locale={locale}
          current={consent.decoded ?? {}}
          list={list}
          titleId={titleId}
          focus={opener === 'consent-partners' ? 'partners' : 'title'}
          saving={saving}
          onSave={choose}
          onBack={back}
        />
      ) : (
        <>
          <FirstLayer texts={texts} list={list} titleId={titleId} onPartners={() => setOpener('consent-partners')} />
          <div className="consent-banner__actions">
            <button type="button" onClick={() => setOpener('consent-settings')} disabled={saving} data-testid="consent-settings">
              {texts.settings}
            </button>
            <button type="button" onClick={() => choose({ choice: 'reject_all' })} disabled={saving} data-testid="consent-reject">
              {texts.rejectAll}
            </button>
            {/* Consent is only informed once the disclosures are on screen. */}
            <button type="button" className="consent-banner__primary" onClick={() => choose({ choice: 'accept_all' })} disabled={saving || !ready} data-testid="consent-accept">
              {texts.acceptAll}
            </button>
          </div>
        </>
      )}
      {failed && (
        <p role="alert" className="consent-banner__error">
          {texts.saveFailed}
        </p>
      )}
    </section>
  );
}
