import { Suspense, lazy } from 'react';
import type { ConsentHandler } from '@tarmac/platform/consent';
import { ConsentBanner, Message } from '@tarmac/react';
import { isDevMode } from './devtools/devMode';
import { Dynamic } from './dynamic/Dynamic';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { LocaleRoot } from './locale/LocaleRoot';
import { LocaleSwitch } from './locale/LocaleSwitch';
import type { DemoLocale } from './locale/pageLocale';
import { useText } from './locale/useText';
import type { PagePrivacy } from './privacy/pageRegime';
import type { UsChoices } from './privacy/usChoices';
import { ResultsArea } from './search/ResultsArea';
import { SearchPanel } from './search/SearchPanel';
import { useSearchSession } from './search/useSearchSession';

const DevTools = lazy(() => import('./devtools/DevTools'));

/** Props of {@link App}. */
export interface AppProps {
  locale: DemoLocale;
  /** The page's TCF CMP handler (banner + reopen link). */
  consent?: ConsentHandler;
  /** The visitor's regime (default 'tcf'); a US visitor's choices. */
  privacy?: PagePrivacy;
  usChoices?: UsChoices;
}

/**
 * The first page of the travel-search site in `locale` (read once by main.tsx, which also sets
 * `<html lang>`). The TCF banner is for the 'tcf' regime only: a US visitor gets no banner but
 * "Your Privacy Choices" in the footer, a visitor elsewhere neither.
 */
export function App(props: AppProps) {
  return (
    <LocaleRoot locale={props.locale}>
      <Page {...props} />
    </LocaleRoot>
  );
}

/** The page itself, inside LocaleRoot so every string below it is in the page's language. */
function Page({ locale, consent, privacy, usChoices }: AppProps) {
  const regime = privacy?.regime ?? 'tcf';
  const text = useText();
  const session = useSearchSession();
  const { vertical, search } = session;
  return (
    <div className="page">
      <Header />
      <main className="main">
        <section className="hero" aria-label={text('hero.region')}>
          <div className="container">
            <div className="hero__top">
              <p className="hero__eyebrow">
                <Message id="hero.eyebrow" />
              </p>
              <LocaleSwitch current={locale} />
            </div>
            <p className="hero__title">
              <Message id="hero.title" />
            </p>
            <SearchPanel session={session} />
          </div>
        </section>
        <div className="container">
          {/* key: another vertical or a new search is another results view, with its own state. */}
          {search ? <ResultsArea key={`${vertical.id}-${search.id}`} vertical={vertical} search={search} onChange={session.update} /> : null}
          <Dynamic path="widgets/deals" fallback={<p className="deals">…</p>} />
          {isDevMode() ? (
            <Suspense fallback={null}>
              <DevTools />
            </Suspense>
          ) : null}
        </div>
      </main>
      <Footer consent={consent} regime={regime} usChoices={usChoices} />
      {consent && regime === 'tcf' && <ConsentBanner handler={consent} locale={locale} />}
    </div>
  );
}
