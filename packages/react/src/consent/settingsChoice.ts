import type { ConsentChoices, ConsentVendor, ConsentVendorList, Flags } from '@tarmac/platform/consent';

/** The part of the vendor list the choices depend on. */
export type ChoiceList = Pick<ConsentVendorList, 'specialFeatures'> & { vendors: Pick<ConsentVendor, 'id' | 'purposes' | 'legIntPurposes'>[] };

/** What the visitor has ticked in the settings layer, and the legitimate interests they object to. */
export interface SettingsChoice {
  purposes: ReadonlySet<number>;
  specialFeatures: ReadonlySet<number>;
  vendors: ReadonlySet<number>;
  objectedPurposes: ReadonlySet<number>;
  objectedVendors: ReadonlySet<number>;
}

/** The current signals, as the CMP decoded them from the TC string. */
export interface CurrentSignals {
  purposeConsents?: Flags;
  purposeLegitimateInterests?: Flags;
  vendorConsents?: Flags;
  vendorLegitimateInterests?: Flags;
  specialFeatureOptins?: Flags;
}

/** What the list offers a choice on: consent and legitimate-interest purposes and vendors. */
export function offeredBy(list: ChoiceList) {
  const consentPurposes = new Set(list.vendors.flatMap((v) => v.purposes));
  const liPurposes = new Set(list.vendors.flatMap((v) => v.legIntPurposes));
  return {
    consentPurposes,
    liPurposes,
    consentVendors: new Set(list.vendors.filter((v) => v.purposes.length).map((v) => v.id)),
    liVendors: new Set(list.vendors.filter((v) => v.legIntPurposes.length).map((v) => v.id)),
  };
}

const on = (flags: Flags | undefined, ids: Iterable<number>) => new Set([...ids].filter((id) => flags?.[id] === true));
const off = (flags: Flags | undefined, ids: Iterable<number>) => new Set([...ids].filter((id) => flags?.[id] !== true));

/**
 * The settings layer's starting point: the current choice. A legitimate interest the TC string
 * does not signal was objected to; before any choice the string signals them all, so nothing
 * starts objected and no consent starts ticked.
 */
export function initialChoice(current: CurrentSignals, list: ChoiceList): SettingsChoice {
  const offered = offeredBy(list);
  return {
    purposes: on(current.purposeConsents, offered.consentPurposes),
    specialFeatures: on(current.specialFeatureOptins, list.specialFeatures.map((f) => f.id)),
    vendors: on(current.vendorConsents, offered.consentVendors),
    objectedPurposes: off(current.purposeLegitimateInterests, offered.liPurposes),
    objectedVendors: off(current.vendorLegitimateInterests, offered.liVendors),
  };
}

/** Adds or removes one id. */
export function toggled(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

const sorted = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);

/** The `custom` body the server encodes: consents ticked and objections made, in id order. */
export const customChoices = (choice: SettingsChoice): ConsentChoices => ({
  choice: 'custom',
  purposes: sorted(choice.purposes),
  specialFeatures: sorted(choice.specialFeatures),
  vendors: sorted(choice.vendors),
  objectedPurposes: sorted(choice.objectedPurposes),
  objectedVendors: sorted(choice.objectedVendors),
});
