import { useState } from 'react';
import type { ConsentChoices, TCData } from '@tarmac/platform/consent';
import type { ConsentTexts } from './consentStrings.js';
import { useVendorList } from './useVendorList.js';

/** Props of {@link ConsentSettings}. */
export interface ConsentSettingsProps {
  texts: ConsentTexts;
  tcData: TCData;
  vendorsUrl: string;
  saving: boolean;
  onSave(choices: ConsentChoices): void;
  onBack(): void;
}

const chosen = (flags: Record<number, boolean> | undefined) =>
  new Set(Object.entries(flags ?? {}).filter(([, on]) => on).map(([id]) => Number(id)));

function toggle(set: Set<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The banner's second layer: one checkbox per purpose, special feature and partner, starting
 * from the current choice. Native checkboxes and buttons, so it works by keyboard as it is;
 * Escape goes back to the first layer.
 */
export function ConsentSettings({ texts, tcData, vendorsUrl, saving, onSave, onBack }: ConsentSettingsProps) {
  const list = useVendorList(vendorsUrl, true);
  const [purposes, setPurposes] = useState(() => chosen(tcData.purpose?.consents));
  const [features, setFeatures] = useState(() => chosen(tcData.specialFeatureOptins));
  const [vendors, setVendors] = useState(() => chosen(tcData.vendor?.consents));
  const ready = typeof list == 'object';
  const known = (set: Set<number>, ids: { id: number }[]) => ids.filter(({ id }) => set.has(id)).map(({ id }) => id);

  const save = () => {
    if (!ready) return;
    onSave({
      choice: 'custom',
      purposes: known(purposes, list.purposes),
      specialFeatures: known(features, list.specialFeatures),
      vendors: known(vendors, list.vendors),
    });
  };

  const box = (id: string, label: string, checked: boolean, onChange: () => void, detail?: string) => (
    <li key={id} className="consent-settings__item">
      <label>
        <input type="checkbox" checked={checked} onChange={onChange} data-testid={id} />
        <span>{label}</span>
      </label>
      {detail && <span className="consent-settings__detail">{detail}</span>}
    </li>
  );

  return (
    <div className="consent-settings" onKeyDown={(event) => event.key == 'Escape' && onBack()}>
      <h2 className="consent-banner__title">{texts.settingsTitle}</h2>
      {list == 'loading' && <p>{texts.vendorsLoading}</p>}
      {list == 'failed' && <p role="alert">{texts.vendorsFailed}</p>}
      {ready && (
        <>
          <fieldset>
            <legend>{texts.purposesLegend}</legend>
            <ul>{list.purposes.map(({ id, name }) => box(`purpose-${id}`, texts.purposes[id] ?? name, purposes.has(id), () => setPurposes(toggle(purposes, id))))}</ul>
          </fieldset>
          <fieldset>
            <legend>{texts.specialFeaturesLegend}</legend>
            <ul>
              {list.specialFeatures.map(({ id, name }) =>
                box(`special-feature-${id}`, texts.specialFeatures[id] ?? name, features.has(id), () => setFeatures(toggle(features, id))),
              )}
            </ul>
          </fieldset>
          <fieldset>
            <legend>{texts.vendorsLegend}</legend>
            <ul>
              {list.vendors.map((v) =>
                box(`vendor-${v.id}`, v.name, vendors.has(v.id), () => setVendors(toggle(vendors, v.id)), v.purposes.map((p) => texts.purposes[p] ?? p).join(' · ')),
              )}
            </ul>
          </fieldset>
        </>
      )}
      <div className="consent-banner__actions">
        <button type="button" onClick={onBack} disabled={saving}>
          {texts.back}
        </button>
        <button type="button" className="consent-banner__primary" onClick={save} disabled={!ready || saving} data-testid="consent-save">
          {saving ? texts.saving : texts.save}
        </button>
      </div>
    </div>
  );
}
