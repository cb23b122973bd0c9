import type { ConsentListEntry, ConsentVendor } from '@tarmac/platform/consent';

/** Our own name of a list entry in the banner's language, else the list's. */
export const nameOf = (ours: Record<number, string>, entry: ConsentListEntry): string => ours[entry.id] ?? entry.name;

/** The names of `ids`, looked up in the list's entries (ids the list lacks are skipped). */
export function namesOf(ours: Record<number, string>, entries: ConsentListEntry[], ids: number[]): string[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [nameOf(ours, entry)] : [];
  });
}

/** A vendor's links in the visitor's language, else English, else the first the vendor gave. */
export function vendorUrls(vendor: ConsentVendor, locale: string): { privacy?: string; legIntClaim?: string } {
  const urls = vendor.urls;
  return urls.find((u) => u.langId.toLowerCase() === locale) ?? urls.find((u) => u.langId.toLowerCase() === 'en') ?? urls[0] ?? {};
}
