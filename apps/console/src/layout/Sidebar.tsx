/** Console sections in nav order; only Logs exists yet, the rest arrive with later issues. */
const sections = [
  { id: 'logs', label: 'Logs', ready: true },
  { id: 'vitals', label: 'Web vitals', ready: false },
  { id: 'analytics', label: 'Analytics', ready: false },
  { id: 'consent', label: 'Consent', ready: false },
  { id: 'signals', label: 'Signals', ready: false },
];

/** Left navigation: the active section and what is coming. */
export function Sidebar() {
  return (
    <nav className="sidebar" aria-label="Console sections">
      <div className="sidebar__brand">
        <span className="logo" aria-hidden="true">T</span>
        <span>Tarmac console</span>
      </div>
      <ul className="sidebar__list">
        {sections.map((section) =>
          section.ready ? (
            <li key={section.id}>
              <a className="sidebar__item sidebar__item--active" href="#logs" aria-current="page">
                {section.label}
              </a>
            </li>
          ) : (
            <li key={section.id}>
              <span className="sidebar__item sidebar__item--disabled" aria-disabled="true">
                {section.label}
                <span className="soon">coming soon</span>
              </span>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
