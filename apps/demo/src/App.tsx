import type { ConsentHandler } from '@tarmac/platform/consent';
import { ConsentBanner } from '@tarmac/react';
import { DevToolsPanel } from './devtools/DevToolsPanel';
import { BrokenDynamicTrigger } from './dynamic/BrokenDynamicTrigger';
import { Dynamic } from './dynamic/Dynamic';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { LocaleRoot } from './locale/LocaleRoot';
import { LocaleSwitch } from './locale/LocaleSwitch';
import { readPageLocale } from './locale/pageLocale';
import { SearchPanel } from './search/SearchPanel';

/** The first page of the travel-search site; `consent` is the page's CMP handler (banner + reopen link). */
export function App({ consent }: { consent?: ConsentHandler }) {
  const locale = readPageLocale();
  return (
    <LocaleRoot locale={locale}>
    <div className="page" lang={locale}>
      <Header />
      <main className="main">
        <section className="hero" aria-label="Search">
          <div className="container">
            <LocaleSwitch current={locale} />
            <p className="hero__eyebrow">Flights · Hotels · Cars</p>
            <p className="hero__title">Where to next?</p>
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
    </LocaleRoot>
  );
}
