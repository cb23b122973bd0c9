import type { ConsentHandler } from '@tarmac/platform/consent';
import { Message, PrivacySettingsLink, useI18n } from '@tarmac/react';

/** Site footer with the legal links every page needs; "Privacy settings" reopens the consent banner. */
export function Footer({ consent }: { consent?: ConsentHandler }) {
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
              {consent ? (
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
