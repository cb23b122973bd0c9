import { SignIn } from './auth/SignIn';
import { useSession } from './auth/useSession';
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
        {View ? <View client={client} /> : null}
      </div>
    </div>
  );
}
