import { percent } from './consentApi';
import type { ConsentCountry } from './consentApi';

/** One row of the per-country table: each regime's visitors and its answers as shares of them. */
export interface CountryRow {
  key: string;
  /** The country's English name ("Unknown" for choices stored before countries were). */
  name: string;
  code: string | null;
  tcfVisitors: number;
  acceptShare: number;
  rejectShare: number;
  customShare: number;
  usVisitors: number;
  saleShare: number;
  sharingShare: number;
  targetedShare: number;
  gpcShare: number;
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return undefined; // a runtime without region names shows the codes
  }
})();

/** The English name of a country code, or the code itself where none is known. */
export function countryName(code: string | null): string {
  if (code === null) return 'Unknown';
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The table's rows in the server's order (busiest country first), shares in percent of each regime's visitors. */
export function countryRows(countries: ConsentCountry[]): CountryRow[] {
  return countries.map((c) => ({
    key: c.country ?? '',
    name: countryName(c.country),
    code: c.country,
    tcfVisitors: c.tcf.visitors,
    acceptShare: percent(c.tcf.choices.accept_all, c.tcf.visitors),
    rejectShare: percent(c.tcf.choices.reject_all, c.tcf.visitors),
    customShare: percent(c.tcf.choices.custom, c.tcf.visitors),
    usVisitors: c.usnat.visitors,
    saleShare: percent(c.usnat.saleOptOut, c.usnat.visitors),
    sharingShare: percent(c.usnat.sharingOptOut, c.usnat.visitors),
    targetedShare: percent(c.usnat.targetedAdvertisingOptOut, c.usnat.visitors),
    gpcShare: percent(c.usnat.gpc, c.usnat.visitors),
  }));
}

/** US opt-out totals over every country, for the headline cards. */
export function usnatTotals(countries: ConsentCountry[]) {
  const sum = { visitors: 0, sale: 0, sharing: 0, targeted: 0, gpc: 0 };
  for (const { usnat } of countries) {
    sum.visitors += usnat.visitors;
    sum.sale += usnat.saleOptOut;
    sum.sharing += usnat.sharingOptOut;
    sum.targeted += usnat.targetedAdvertisingOptOut;
    sum.gpc += usnat.gpc;
  }
  return {
    visitors: sum.visitors,
    saleShare: percent(sum.sale, sum.visitors),
    sharingShare: percent(sum.sharing, sum.visitors),
    targetedShare: percent(sum.targeted, sum.visitors),
    gpcShare: percent(sum.gpc, sum.visitors),
  };
}
