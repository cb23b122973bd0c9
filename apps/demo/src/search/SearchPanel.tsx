import { ComponentErrorBoundary, Message, usePageView } from '@tarmac/react';
import { SearchForm } from './SearchForm';
import type { SearchSession } from './useSearchSession';
import { VerticalTabs, panelId } from './VerticalTabs';

/** Tabs and the active vertical's form; the results show below the hero (ResultsArea). */
export function SearchPanel({ session }: { session: SearchSession }) {
  const { vertical } = session;
  // Each tab is a virtual page of its own: /vs/page/{vertical}/home/search.
  usePageView({ vertical: vertical.id, pageId: 'home', subPageId: 'search' });
  return (
    <div className="search">
      <VerticalTabs active={vertical.id} onChange={session.setVertical} />
      <div className="search__panel" role="tabpanel" id={panelId(vertical.id)} aria-labelledby={`tab-${vertical.id}`}>
        <h1 className="search__headline"><Message id="search.headline" values={{ vertical: vertical.id }} /></h1>
        {/* key: switching vertical starts a fresh form, since fields and wording differ. */}
        <ComponentErrorBoundary name="SearchForm" key={vertical.id}>
          <SearchForm vertical={vertical} initial={session.search?.query} onSearch={session.submit} />
        </ComponentErrorBoundary>
      </div>
    </div>
  );
}
