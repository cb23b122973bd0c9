import type { ConsentChoiceKind, ConsentCountry } from './contract.js';
import { CHOICE_KINDS } from './contract.js';

/** A row of the TCF count: visitors of one country whose last choice was `choice`. */
export interface TcfCountryRow {
  country: string | null;
  choice: ConsentChoiceKind;
  visitors: number;
}

/** A row of the US count: one country's visitors and how many of their last choices opt out. */
export interface UsnatCountryRow {
  country: string;
  visitors: number;
  sale: number;
  sharing: number;
  targeted: number;
  gpc: number;
}

const emptyCountry = (country: string | null): ConsentCountry => ({
  country,
  tcf: { visitors: 0, choices: Object.fromEntries(CHOICE_KINDS.map((k) => [k, 0])) as ConsentCountry['tcf']['choices'] },
  usnat: { visitors: 0, saleOptOut: 0, sharingOptOut: 0, targetedAdvertisingOptOut: 0, gpc: 0 },
});

/**
 * Both engines' counts put together: countries with the most visitors first, then by code (the
 * unrecorded country last), so the console's table reads the same on either engine.
 */
export function consentCountries(tcf: readonly TcfCountryRow[], usnat: readonly UsnatCountryRow[]): ConsentCountry[] {
  const byCountry = new Map<string | null, ConsentCountry>();
  const of = (country: string | null) => byCountry.get(country) ?? byCountry.set(country, emptyCountry(country)).get(country)!;
  for (const row of tcf) {
    const entry = of(row.country);
    entry.tcf.visitors += Number(row.visitors);
    if (row.choice in entry.tcf.choices) entry.tcf.choices[row.choice] += Number(row.visitors);
  }
  for (const row of usnat) {
    Object.assign(of(row.country).usnat, {
      visitors: Number(row.visitors),
      saleOptOut: Number(row.sale),
      sharingOptOut: Number(row.sharing),
      targetedAdvertisingOptOut: Number(row.targeted),
      gpc: Number(row.gpc),
    });
  }
  const total = (c: ConsentCountry) => c.tcf.visitors + c.usnat.visitors;
  return [...byCountry.values()].sort(
    (a, b) => total(b) - total(a) || (a.country === null ? 1 : b.country === null ? -1 : a.country.localeCompare(b.country)),
  );
}
