import type { ConsentHandler } from '@tarmac/platform/consent';
import { PrivacySettingsLink } from '@tarmac/react';

/** Site footer with the legal links every page needs; "Privacy settings" reopens the consent banner. */
export function Footer({ consent }: { consent?: ConsentHandler }) {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p>© {new Date().getFullYear()} Tarmac Travel. A demo site for the Tarmac platform.</p>
        <nav aria-label="Legal">
          <ul className="footer__links">
            <li>
              <a href="#privacy">Privacy</a>
            </li>
            <li>
              {consent ? <PrivacySettingsLink handler={consent} className="footer__link-button" /> : <a href="#cookies">Cookie settings</a>}
            </li>
            <li>
              <a href="#terms">Terms</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
