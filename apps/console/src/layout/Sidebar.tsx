import type { Section } from '../sections/sections';

interface SidebarProps {
  sections: Section[];
  activeId: string;
}

/** Left navigation: every section, the active one marked, those still to come disabled. */
export function Sidebar({ sections, activeId }: SidebarProps) {
  return (
    <nav className="sidebar" aria-label="Console sections">
      <div className="sidebar__brand">
        <span className="logo" aria-hidden="true">T</span>
        <span>Tarmac console</span>
      </div>
      <ul className="sidebar__list">
        {sections.map((section) =>
          section.view ? (
            <li key={section.id}>
              <a
                className={section.id === activeId ? 'sidebar__item sidebar__item--active' : 'sidebar__item'}
                href={`#/${section.id}`}
                aria-current={section.id === activeId ? 'page' : undefined}
                onPointerEnter={section.preload}
                onFocus={section.preload}
              >
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
