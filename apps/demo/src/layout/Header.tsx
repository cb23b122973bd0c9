import { Message } from '@tarmac/react';
import { useText } from '../locale/useText';

/** Site header: the brand and the account links a travel site always shows. */
export function Header() {
  const text = useText();
  return (
    <header className="header">
      <div className="header__inner">
        <a className="brand" href="/" aria-label={text('header.home')}>
          <span className="brand__mark" aria-hidden="true">
            ✈
          </span>
          Tarmac Travel
        </a>
        <nav aria-label={text('header.account')}>
          <ul className="header__links">
            <li>
              <a href="#trips">
                <Message id="header.trips" />
              </a>
            </li>
            <li>
              <a href="#help">
                <Message id="header.help" />
              </a>
            </li>
            <li>
              <a className="button button--small" href="#signin">
                <Message id="header.signIn" />
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
