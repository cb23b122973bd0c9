/** Site header: the brand and the account links a travel site always shows. */
export function Header() {
  return (
    <header className="header">
      <div className="header__inner">
        <a className="brand" href="/" aria-label="Tarmac Travel, home">
          <span className="brand__mark" aria-hidden="true">
            ✈
          </span>
          Tarmac Travel
        </a>
        <nav aria-label="Account">
          <ul className="header__links">
            <li>
              <a href="#trips">My trips</a>
            </li>
            <li>
              <a href="#help">Help</a>
            </li>
            <li>
              <a className="button button--small" href="#signin">
                Sign in
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
