import type { ConsentHandler } from '@tarmac/platform/consent';
import { Message, PrivacySettingsLink, useI18n } from '@tarmac/react';
import { PrivacyChoicesLink } from '../privacy/PrivacyChoicesLink';
import type { PrivacyRegime } from '../privacy/pageRegime';
import type { UsChoices } from '../privacy/usChoices';

/** Props of {@link Footer}: the page's CMP handler, its regime and, for a US visitor, their choices. */
export interface FooterProps {
  consent?: ConsentHandler;
  regime?: PrivacyRegime;
  usChoices?: UsChoices;
}

/**
 * Site footer with the legal links every page needs. The privacy link follows the visitor's regime:
 * "Privacy settings" reopens the TCF banner; a US visitor gets "Your Privacy Choices".
 */
export function Footer({ consent, regime = 'tcf', usChoices }: FooterProps) {
  const { locale, messages } = useI18n();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p>
          <Message id="footer.copyright" values={{ year: new Date().getFullYear() }} />
        </p>
        <nav aria-label={messages.format('footer.legal')}>
          <ul className="footer__links">
            <li>
              <a href="#privacy">
                <Message id="footer.privacy" />
              </a>
            </li>
            <li>
              {regime === 'usnat' && usChoices ? (
                <PrivacyChoicesLink choices={usChoices} />
              ) : regime === 'tcf' && consent ? (
                <PrivacySettingsLink handler={consent} locale={locale} className="footer__link-button" />
              ) : (
                <a href="#cookies">
                  <Message id="footer.cookies" />
                </a>
              )}
            </li>
            <li>
              <a href="#terms">
                <Message id="footer.terms" />
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
