import type { ConsentHandler } from '@tarmac/platform/consent';
import { ConsentBanner, Message } from '@tarmac/react';
import { DevToolsPanel } from './devtools/DevToolsPanel';
import { BrokenDynamicTrigger } from './dynamic/BrokenDynamicTrigger';
import { Dynamic } from './dynamic/Dynamic';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { LocaleRoot } from './locale/LocaleRoot';
import { LocaleSwitch } from './locale/LocaleSwitch';
import type { DemoLocale } from './locale/pageLocale';
import { useText } from './locale/useText';
import { SearchPanel } from './search/SearchPanel';

/**
 * The first page of the travel-search site in `locale` (read once by main.tsx, which also sets
 * `<html lang>`); `consent` is the page's CMP handler (banner + reopen link).
 */
export function App({ locale, consent }: { locale: DemoLocale; consent?: ConsentHandler }) {
  return (
    <LocaleRoot locale={locale}>
      <Page locale={locale} consent={consent} />
    </LocaleRoot>
  );
}

/** The page itself, inside LocaleRoot so every string below it is in the page's language. */
function Page({ locale, consent }: { locale: DemoLocale; consent?: ConsentHandler }) {
  const text = useText();
  return (
    <div className="page">
      <Header />
      <main className="main">
        <section className="hero" aria-label={text('hero.region')}>
          <div className="container">
            <LocaleSwitch current={locale} />
            <p className="hero__eyebrow">
              <Message id="hero.eyebrow" />
            </p>
            <p className="hero__title">
              <Message id="hero.title" />
            </p>
            <SearchPanel />
          </div>
        </section>
        <div className="container">
          <Dynamic path="widgets/deals" fallback={<p className="deals">…</p>} />
          <DevToolsPanel />
          <BrokenDynamicTrigger />
        </div>
      </main>
      <Footer consent={consent} />
      {consent && <ConsentBanner handler={consent} locale={locale} />}
    </div>
  );
}
