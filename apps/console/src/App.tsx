import { Suspense } from 'react';
import { SignIn } from './auth/SignIn';
import { useSession } from './auth/useSession';
import { SectionBoundary } from './layout/SectionBoundary';
import { Sidebar } from './layout/Sidebar';
import { TopBar } from './layout/TopBar';
import { sections } from './sections/sections';
import { useSectionRoute } from './sections/useSectionRoute';

const available = sections.filter((s) => s.view);
const defaultSection = available[0];

/** Sign-in until there is a token, then the console shell with the section in the address. */
export function App() {
  const { client, notice, signIn, signOut } = useSession();
  const routeId = useSectionRoute(defaultSection?.id ?? 'logs');
  if (!client) return <SignIn notice={notice} onSignedIn={signIn} />;
  const section = available.find((s) => s.id === routeId) ?? defaultSection;
  const View = section?.view;
  return (
    <div className="shell">
      <Sidebar sections={sections} activeId={section?.id ?? ''} />
      <div className="shell__main">
        <TopBar title={section?.label ?? ''} onSignOut={() => signOut()} />
        <main className="shell__content" aria-labelledby="section-title">
          {View ? (
            <SectionBoundary key={section.id}>
              <Suspense fallback={<p className="section-state muted" role="status">Loading {section.label}…</p>}>
                <View client={client} />
              </Suspense>
            </SectionBoundary>
          ) : null}
        </main>
      </div>
    </div>
  );
}
