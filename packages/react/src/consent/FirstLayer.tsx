import type { ConsentVendorList } from '@tarmac/platform/consent';
import { fill } from './consentStrings.js';
import type { ConsentTexts } from './consentStrings.js';
import { nameOf } from './listNames.js';

/** Props of {@link FirstLayer}. */
export interface FirstLayerProps {
  texts: ConsentTexts;
  list: ConsentVendorList | 'loading' | 'failed';
  titleId: string;
  /** Opens the second layer at the partner list. */
  onPartners(): void;
}

/**
 * The banner's first layer with what TCF v2.2 requires there before anyone can consent: that
 * information is stored on the device and which personal data is processed, the number of
 * partners, the purposes and special features by name, that some partners rely on legitimate
 * interest and the right to object, and how to withdraw. The actions are the banner's.
 */
export function FirstLayer({ texts, list, titleId, onPartners }: FirstLayerProps) {
  const ready = typeof list === 'object';
  const count = ready ? list.vendors.length : 0;
  const data = ready ? list.dataCategories.map((c) => nameOf(texts.dataCategories, c)).join(', ') : '';
  return (
    <div className="consent-layer__body">
      <h2 id={titleId} className="consent-banner__title">
        {texts.title}
      </h2>
      {list === 'loading' && <p>{texts.vendorsLoading}</p>}
      {list === 'failed' && <p role="alert">{texts.vendorsFailed}</p>}
      {ready && (
        <>
          <p data-testid="consent-intro">{fill(texts.intro, { count, data: data || nameOf(texts.dataCategories, { id: 6, name: '' }) })}</p>
          <ul className="consent-first__list" data-testid="consent-first-purposes">
            {list.purposes.map((p) => (
              <li key={p.id}>{nameOf(texts.purposes, p)}</li>
            ))}
          </ul>
          {list.specialFeatures.length > 0 && (
            <>
              <p className="consent-first__heading">{texts.specialFeaturesHeading}</p>
              <ul className="consent-first__list" data-testid="consent-first-special-features">
                {list.specialFeatures.map((f) => (
                  <li key={f.id}>{nameOf(texts.specialFeatures, f)}</li>
                ))}
              </ul>
            </>
          )}
          {list.vendors.some((v) => v.legIntPurposes.length) && <p data-testid="consent-li-notice">{texts.legIntNotice}</p>}
          <p>{texts.withdrawNotice}</p>
          <button type="button" className="consent-banner__link" onClick={onPartners} data-testid="consent-partners">
            {fill(texts.viewPartners, { count })}
          </button>
        </>
      )}
    </div>
  );
}
