import type { ConsentVendor, ConsentVendorList } from '@tarmac/platform/consent';
import type { ReactNode } from 'react';
import { fill } from './consentStrings.js';
import type { ConsentTexts } from './consentStrings.js';
import { namesOf, vendorUrls } from './listNames.js';

const DAY_S = 86_400;

/** Props of {@link VendorDetails}. */
export interface VendorDetailsProps {
  texts: ConsentTexts;
  list: ConsentVendorList;
  vendor: ConsentVendor;
  locale: string;
}

/**
 * What TCF v2.2 requires the second layer to disclose per vendor, folded under "Details": its
 * purposes on consent and on legitimate interest, special purposes, features, special features,
 * data categories, retention, device storage, privacy policy and legitimate-interest claim.
 */
export function VendorDetails({ texts, list, vendor, locale }: VendorDetailsProps) {
  const urls = vendorUrls(vendor, locale);
  const names = (ours: Record<number, string>, entries: ConsentVendorList['purposes'], ids: number[]) => namesOf(ours, entries, ids).join(' · ');
  const row = (label: string, value: ReactNode, key = label) =>
    value ? (
      <div key={key} className="consent-vendor__row">
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ) : null;
  const retention = vendor.retention;
  // Periods that differ from the standard one, named by their (special) purpose.
  const overrides = (days: Record<number, number>, ours: Record<number, string>, entries: ConsentVendorList['purposes']) =>
    Object.entries(days).map(([id, n]) => `${names(ours, entries, [Number(id)])}: ${fill(texts.retentionDays, { days: n })}`);
  const purposeDays = [
    ...overrides(retention.purposes, texts.purposes, list.purposes),
    ...overrides(retention.specialPurposes, texts.specialPurposes, list.specialPurposes),
  ];
  const cookies =
    vendor.usesCookies === false
      ? texts.noCookies
      : vendor.cookieMaxAgeSeconds == null
        ? vendor.usesCookies && texts.sessionCookies
        : fill(texts.cookieDays, { days: Math.ceil(vendor.cookieMaxAgeSeconds / DAY_S) });
  const storage = [cookies, vendor.usesNonCookieAccess && texts.otherStorage].filter(Boolean).join(', ');

  return (
    <details className="consent-vendor__details" data-testid={`vendor-details-${vendor.id}`}>
      <summary>{texts.details}</summary>
      <dl>
        {row(texts.consentPurposes, names(texts.purposes, list.purposes, vendor.purposes))}
        {row(texts.liPurposes, names(texts.purposes, list.purposes, vendor.legIntPurposes))}
        {row(texts.specialPurposesLabel, names(texts.specialPurposes, list.specialPurposes, vendor.specialPurposes))}
        {row(texts.featuresLabel, names(texts.features, list.features, vendor.features))}
        {row(texts.specialFeaturesLabel, names(texts.specialFeatures, list.specialFeatures, vendor.specialFeatures))}
        {row(texts.dataLabel, names(texts.dataCategories, list.dataCategories, vendor.dataDeclaration))}
        {row(texts.retentionLabel, [retention.std !== undefined && fill(texts.retentionDays, { days: retention.std }), ...purposeDays].filter(Boolean).join(' · '))}
        {row(texts.storageLabel, storage)}
      </dl>
      <p className="consent-vendor__links">
        {urls.privacy && (
          <a href={urls.privacy} target="_blank" rel="noopener noreferrer">
            {texts.privacyPolicy}
          </a>
        )}
        {vendor.legIntPurposes.length > 0 && urls.legIntClaim && (
          <a href={urls.legIntClaim} target="_blank" rel="noopener noreferrer">
            {texts.legIntClaim}
          </a>
        )}
      </p>
    </details>
  );
}
