import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ConsentChoices, ConsentListEntry, ConsentVendorList } from '@tarmac/platform/consent';
import { fill } from './consentStrings.js';
import type { ConsentTexts } from './consentStrings.js';
import { nameOf } from './listNames.js';
import { customChoices, initialChoice, offeredBy, toggled } from './settingsChoice.js';
import type { CurrentSignals, SettingsChoice } from './settingsChoice.js';
import { VendorDetails } from './VendorDetails.js';

/** Props of {@link ConsentSettings}. */
export interface ConsentSettingsProps {
  texts: ConsentTexts;
  locale: string;
  current: CurrentSignals;
  list: ConsentVendorList;
  titleId: string;
  /** Where focus goes when the layer opens: its title, or the partner list ("See our partners"). */
  focus: 'title' | 'partners';
  saving: boolean;
  onSave(choices: ConsentChoices): void;
  onBack(): void;
}

type Key = keyof SettingsChoice;

/**
 * The banner's second layer: per purpose a consent box and, where a vendor claims legitimate
 * interest, a box to untick to object; special features to opt into; special purposes and
 * features disclosed; every partner with the same boxes and its disclosures. Starts from the
 * current choice. The body scrolls and the actions stay in view, so Save is always reachable.
 */
export function ConsentSettings({ texts, locale, current, list, titleId, focus, saving, onSave, onBack }: ConsentSettingsProps) {
  const [choice, setChoice] = useState(() => initialChoice(current, list));
  const offered = offeredBy(list);
  const title = useRef<HTMLHeadingElement>(null);
  const partners = useRef<HTMLHeadingElement>(null);
  const partnersId = useId();
  const flip = (key: Key, id: number) => setChoice((c) => ({ ...c, [key]: toggled(c[key], id) }));

  useEffect(() => {
    const target = focus === 'partners' ? partners.current : title.current;
    target?.focus();
    if (focus === 'partners') target?.scrollIntoView({ block: 'start' });
  }, [focus]);

  const box = (testId: string, label: string, checked: boolean, onChange: () => void) => (
    <label className="consent-settings__toggle">
      <input type="checkbox" checked={checked} onChange={onChange} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
  // Consent is ticked to give; legitimate interest is on until the visitor objects.
  const consentBox = (key: 'purposes' | 'vendors', prefix: string, id: number) =>
    box(`${prefix}-${id}`, texts.consent, choice[key].has(id), () => flip(key, id));
  const liBox = (key: 'objectedPurposes' | 'objectedVendors', prefix: string, id: number) =>
    box(`${prefix}-li-${id}`, texts.legitimateInterest, !choice[key].has(id), () => flip(key, id));
  const described = (entry: ConsentListEntry, ours: Record<number, string>, children?: ReactNode, key: string | number = entry.id) => (
    <Item key={key} name={nameOf(ours, entry)} description={entry.description}>
      {children}
    </Item>
  );

  return (
    <>
      <div className="consent-layer__body">
        <h2 id={titleId} ref={title} tabIndex={-1} className="consent-banner__title" data-testid="consent-settings-title">
          {texts.settingsTitle}
        </h2>
        <fieldset>
          <legend>{texts.purposesLegend}</legend>
          <p className="consent-settings__hint">{texts.objectHint}</p>
          <ul>
            {list.purposes.map((p) =>
              described(
                p,
                texts.purposes,
                <>
                  {offered.consentPurposes.has(p.id) && consentBox('purposes', 'purpose', p.id)}
                  {offered.liPurposes.has(p.id) && liBox('objectedPurposes', 'purpose', p.id)}
                </>,
              ),
            )}
          </ul>
        </fieldset>
        {list.specialFeatures.length > 0 && (
          <fieldset>
            <legend>{texts.specialFeaturesLegend}</legend>
            <ul>
              {list.specialFeatures.map((f) =>
                described(f, texts.specialFeatures, box(`special-feature-${f.id}`, texts.optIn, choice.specialFeatures.has(f.id), () => flip('specialFeatures', f.id))),
              )}
            </ul>
          </fieldset>
        )}
        {list.specialPurposes.length + list.features.length > 0 && (
          <section className="consent-settings__group" aria-label={texts.specialPurposesLegend}>
            <h3>{texts.specialPurposesLegend}</h3>
            <p className="consent-settings__hint">{texts.specialPurposesHint}</p>
            <ul data-testid="consent-special-purposes">
              {list.specialPurposes.map((p) => described(p, texts.specialPurposes, null, `sp${p.id}`))}
              {list.features.map((f) => described(f, texts.features, null, `f${f.id}`))}
            </ul>
          </section>
        )}
        <section className="consent-settings__group" aria-labelledby={partnersId}>
          <h3 id={partnersId} ref={partners} tabIndex={-1} data-testid="consent-vendors-heading">
            {fill(texts.vendorsLegend, { count: list.vendors.length })}
          </h3>
          <ul>
            {list.vendors.map((v) => (
              <Item key={v.id} name={v.name}>
                {offered.consentVendors.has(v.id) && consentBox('vendors', 'vendor', v.id)}
                {offered.liVendors.has(v.id) && liBox('objectedVendors', 'vendor', v.id)}
                <VendorDetails texts={texts} list={list} vendor={v} locale={locale} />
              </Item>
            ))}
          </ul>
        </section>
      </div>
      <div className="consent-banner__actions">
        <button type="button" onClick={onBack} disabled={saving} data-testid="consent-back">
          {texts.back}
        </button>
        <button type="button" className="consent-banner__primary" onClick={() => onSave(customChoices(choice))} disabled={saving} data-testid="consent-save">
          {saving ? texts.saving : texts.save}
        </button>
      </div>
    </>
  );
}

/** One purpose, feature or vendor: its name labels the group of its toggles. */
function Item({ name, description, children }: { name: string; description?: string; children?: ReactNode }) {
  const id = useId();
  return (
    // The group sits inside the item: a role on the <li> itself would hide that it is one of a list.
    <li>
      <div className="consent-settings__item" role="group" aria-labelledby={id}>
        <span id={id} className="consent-settings__name">
          {name}
        </span>
        {/* The list's own text, in the list's language (English for the IAB list). */}
        {description && (
          <span className="consent-settings__description" lang="en">
            {description}
          </span>
        )}
        {children}
      </div>
    </li>
  );
}
