import type { NewConsentChoice } from '../../consent/consentStorage.js';
import { CHOICE_KINDS, RECONSENT_REASONS } from '../../consent/contract.js';
import type { ConsentChoiceKind, ConsentCountry, ConsentDay, ReconsentReason } from '../../consent/contract.js';
import type { NewUsnatChoice } from '../../consent/usnatContract.js';

/**
 * A visitor's last TCF choice of one UTC day, its id lists decoded (SQLite keeps them as JSON
 * text, PostgreSQL as arrays).
 */
export interface ConsentDayRow {
  day: string;
  choice: ConsentChoiceKind;
  purposes: number[];
  vendors: number[];
  objected_purposes: number[];
  objected_vendors: number[];
}

/** How many visitors, asked again for `reason`, answered on `day`. */
export interface ReconsentRow {
  day: string;
  reason: ReconsentReason;
  visitors: number;
}

const emptyDay = (day: string): ConsentDay => ({
  day,
  visitors: 0,
  choices: Object.fromEntries(CHOICE_KINDS.map((k) => [k, 0])) as ConsentDay['choices'],
  purposes: {},
  purposeObjections: {},
  vendorConsents: {},
  vendorObjections: {},
  reconsents: Object.fromEntries(RECONSENT_REASONS.map((r) => [r, 0])) as ConsentDay['reconsents'],
});

const count = (into: Record<number, number>, ids: readonly number[]) => {
  for (const id of ids) into[id] = (into[id] ?? 0) + 1;
};

/** The console's consent days, oldest first, from each visitor's last choice per day and the re-consents. */
export function consentDays(lastPerDay: Iterable<ConsentDayRow>, reconsents: Iterable<ReconsentRow>): ConsentDay[] {
  const days = new Map<string, ConsentDay>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, emptyDay(day)).get(day)!;
  for (const row of lastPerDay) {
    const day = dayOf(row.day);
    day.visitors++;
    day.choices[row.choice]++;
    count(day.purposes, row.purposes);
    count(day.purposeObjections, row.objected_purposes);
    count(day.vendorConsents, row.vendors);
    count(day.vendorObjections, row.objected_vendors);
  }
  for (const row of reconsents) {
    // Every day with a re-consent also has that choice among the last per day, so the day exists.
    if (row.reason in dayOf(row.day).reconsents) dayOf(row.day).reconsents[row.reason] = row.visitors;
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** A TCF choice with exactly its own fields, absent optional ones null (nothing the caller's object carried besides). */
export function consentChoiceOf(c: NewConsentChoice): NewConsentChoice {
  return {
    visitorId: c.visitorId,
    createdAt: c.createdAt,
    choice: c.choice,
    tcString: c.tcString,
    gvlVersion: c.gvlVersion,
    policyVersion: c.policyVersion,
    language: c.language ?? null,
    userAgent: c.userAgent ?? null,
    purposes: c.purposes,
    specialFeatures: c.specialFeatures,
    vendors: c.vendors,
    objectedPurposes: c.objectedPurposes,
    objectedVendors: c.objectedVendors,
    disclosedVendors: c.disclosedVendors ?? null,
    reconsentReason: c.reconsentReason ?? null,
    country: c.country ?? null,
  };
}

/** A US National choice with exactly its own fields, absent optional ones null. */
export function usnatChoiceOf(c: NewUsnatChoice): NewUsnatChoice {
  return {
    visitorId: c.visitorId,
    createdAt: c.createdAt,
    saleOptOut: c.saleOptOut,
    sharingOptOut: c.sharingOptOut,
    targetedAdvertisingOptOut: c.targetedAdvertisingOptOut,
    gpc: c.gpc,
    country: c.country,
    region: c.region ?? null,
    language: c.language ?? null,
    userAgent: c.userAgent ?? null,
  };
}

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
