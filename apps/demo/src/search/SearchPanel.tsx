import { useState } from 'react';
import { ComponentErrorBoundary, Message, useAnalytics, useLogger, usePageView } from '@tarmac/react';
import { DynamicResults } from '../dynamic/DynamicResults';
import { SearchForm } from './SearchForm';
import { VerticalTabs, panelId } from './VerticalTabs';
import { verticals } from './verticals';
import type { SearchQuery } from './validateSearch';
import type { VerticalId } from './verticals';

/** Tabs, the active vertical's form and its results, with the last search per vertical. */
export function SearchPanel() {
  const logger = useLogger();
  const [active, setActive] = useState<VerticalId>('flights');
  const [searches, setSearches] = useState<Partial<Record<VerticalId, SearchQuery>>>({});
  const vertical = verticals.find((v) => v.id === active) ?? verticals[0]!;
  const analytics = useAnalytics();
  // Each tab is a virtual page of its own: /vs/page/{vertical}/home/search.
  usePageView({ vertical: active, pageId: 'home', subPageId: 'search' });

  function onSearch(query: SearchQuery) {
    setSearches((previous) => ({ ...previous, [active]: query }));
    logger.info('search submitted', { vertical: active, travellers: query.travellers });
    analytics.trackEvent({ category: 'search', action: 'submit', label: [query.from, query.to].filter(Boolean).join(' → '), value: query.travellers });
  }

  return (
    <div className="search">
      <VerticalTabs active={active} onChange={setActive} />
      <div className="search__panel" role="tabpanel" id={panelId(active)} aria-labelledby={`tab-${active}`}>
        <h1 className="search__headline"><Message id="search.headline" values={{ vertical: active }} /></h1>
        {/* key: switching vertical starts a fresh form, since fields and wording differ. */}
        <ComponentErrorBoundary name="SearchForm" key={active}>
          <SearchForm vertical={vertical} onSearch={onSearch} />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Results">
          <DynamicResults vertical={vertical} query={searches[active]} />
        </ComponentErrorBoundary>
      </div>
    </div>
  );
}
