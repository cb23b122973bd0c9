/** Site footer with the legal links every page needs. */
export function Footer() {
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
              <a href="#cookies">Cookie settings</a>
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
