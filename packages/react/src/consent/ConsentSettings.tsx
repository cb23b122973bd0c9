import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { ConsentChoices, ConsentVendorList } from '@tarmac/platform/consent';
import type { ConsentTexts } from './consentStrings.js';
import { customChoices, initialChoice, offeredBy, toggled } from './settingsChoice.js';
import type { CurrentSignals, SettingsChoice } from './settingsChoice.js';

/** Props of {@link ConsentSettings}. */
export interface ConsentSettingsProps {
  texts: ConsentTexts;
  current: CurrentSignals;
  list: ConsentVendorList;
  saving: boolean;
  onSave(choices: ConsentChoices): void;
  onBack(): void;
}

type Key = keyof SettingsChoice;

/**
 * The banner's second layer: per purpose a consent box and, where a vendor claims legitimate
 * interest, a box to untick to object; the same per vendor; special features to opt into. Starts
 * from the current choice. Native checkboxes and buttons, so it works by keyboard as it is.
 */
export function ConsentSettings({ texts, current, list, saving, onSave, onBack }: ConsentSettingsProps) {
  const [choice, setChoice] = useState(() => initialChoice(current, list));
  const offered = offeredBy(list);
  const flip = (key: Key, id: number) => setChoice((c) => ({ ...c, [key]: toggled(c[key], id) }));

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

  return (
    <>
      <fieldset>
        <legend>{texts.purposesLegend}</legend>
        <p className="consent-settings__hint">{texts.objectHint}</p>
        <ul>
          {list.purposes.map(({ id, name }) => (
            <Item key={id} name={texts.purposes[id] ?? name}>
              {offered.consentPurposes.has(id) && consentBox('purposes', 'purpose', id)}
              {offered.liPurposes.has(id) && liBox('objectedPurposes', 'purpose', id)}
            </Item>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>{texts.specialFeaturesLegend}</legend>
        <ul>
          {list.specialFeatures.map(({ id, name }) => (
            <Item key={id} name={texts.specialFeatures[id] ?? name}>
              {box(`special-feature-${id}`, texts.optIn, choice.specialFeatures.has(id), () => flip('specialFeatures', id))}
            </Item>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>{texts.vendorsLegend}</legend>
        <ul>
          {list.vendors.map((v) => (
            <Item key={v.id} name={v.name}>
              {offered.consentVendors.has(v.id) && consentBox('vendors', 'vendor', v.id)}
              {offered.liVendors.has(v.id) && liBox('objectedVendors', 'vendor', v.id)}
            </Item>
          ))}
        </ul>
      </fieldset>
      <div className="consent-banner__actions">
        <button type="button" onClick={onBack} disabled={saving}>
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
function Item({ name, children }: { name: string; children: ReactNode }) {
  const id = useId();
  return (
    <li className="consent-settings__item" role="group" aria-labelledby={id}>
      <span id={id} className="consent-settings__name">
        {name}
      </span>
      {children}
    </li>
  );
}
