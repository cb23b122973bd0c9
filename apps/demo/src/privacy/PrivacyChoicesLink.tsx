import { Suspense, lazy, useState } from 'react';
import { Message } from '@tarmac/react';
import type { UsChoices } from './usChoices';

// Only a visitor who opens it downloads the dialog: the footer link is all the page carries.
const PrivacyChoicesDialog = lazy(() => import('./PrivacyChoicesDialog'));

/**
 * The footer's "Your Privacy Choices" link of a US visitor's page (the wording US state laws and the
 * CCPA regulations name), opening the dialog where they opt out. A button: it acts on the page.
 */
export function PrivacyChoicesLink({ choices }: { choices: UsChoices }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="footer__link-button" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="privacy-choices">
        <Message id="privacyChoices.link" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PrivacyChoicesDialog choices={choices} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
