import type { ReactNode } from 'react';
import type { ConsentHandler } from '@tarmac/platform/consent';
import { consentTexts } from './consentStrings.js';
import type { ConsentLocale } from './consentStrings.js';

/** Props of {@link PrivacySettingsLink}. */
export interface PrivacySettingsLinkProps {
  handler: Pick<ConsentHandler, 'show'>;
  locale?: ConsentLocale;
  className?: string;
  children?: ReactNode;
}

/**
 * Reopens the consent banner (the CMP goes visible + cmpuishown; saving or leaving it ends in
 * hidden + useractioncomplete). A button, since it acts on the page rather than navigating.
 */
export function PrivacySettingsLink({ handler, locale = 'en', className, children }: PrivacySettingsLinkProps) {
  return (
    <button type="button" className={className} onClick={() => handler.show()} data-testid="privacy-settings">
      {children ?? consentTexts[locale].privacySettings}
    </button>
  );
}
