interface TopBarProps {
  title: string;
  onSignOut(): void;
}

/** Title of the current section and the session controls. */
export function TopBar({ title, onSignOut }: TopBarProps) {
  return (
    <header className="topbar">
      <h1 className="topbar__title" id="section-title">{title}</h1>
      <button type="button" className="btn btn--ghost" onClick={onSignOut}>
        Sign out
      </button>
    </header>
  );
}
