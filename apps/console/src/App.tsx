import { SignIn } from './auth/SignIn';
import { useSession } from './auth/useSession';
import { Sidebar } from './layout/Sidebar';
import { TopBar } from './layout/TopBar';
import { LogsView } from './logs/LogsView';

/** Sign-in until there is a token, then the console shell with the Logs view. */
export function App() {
  const { client, notice, signIn, signOut } = useSession();
  if (!client) return <SignIn notice={notice} onSignedIn={signIn} />;
  return (
    <div className="shell">
      <Sidebar />
      <div className="shell__main">
        <TopBar title="Logs" onSignOut={() => signOut()} />
        <LogsView client={client} />
      </div>
    </div>
  );
}
