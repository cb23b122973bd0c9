import { useEffect, useState } from 'react';
import { useLogger } from '@tarmac/react';
import { searchUrl } from './searchUrl';
import type { ResultsView, SearchReply, SearchState } from './searchTypes';
import type { Vertical } from './verticals';

type Outcome = { key: string; reply: SearchReply } | { key: string; failed: true };

/**
 * Fetches the results of a search whenever it changes (page, order, filters), and says what to
 * show meanwhile. A newer request aborts the older one, so a late reply never replaces a newer
 * one. Also returns the facets of the search's last reply: they describe its whole list, so the
 * filter panel keeps them while a refined page loads.
 */
export function useSearchResults(vertical: Vertical, search: SearchState): { view: ResultsView; facets?: SearchReply['facets'] } {
  const logger = useLogger();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const [facets, setFacets] = useState<{ searchId: number; facets: SearchReply['facets'] }>();
  const url = searchUrl(vertical, search);
  const key = `${url}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const reply = (await response.json()) as SearchReply;
        setOutcome({ key, reply });
        setFacets({ searchId: search.id, facets: reply.facets });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('search failed', { vertical: vertical.id, reason: error instanceof Error ? error.message : String(error) });
        setOutcome({ key, failed: true });
      });
    return () => controller.abort();
  }, [url, key, search.id, vertical.id, logger]);

  let view: ResultsView = { status: 'loading' };
  if (outcome?.key === key) {
    view = 'reply' in outcome ? { status: 'done', reply: outcome.reply } : { status: 'error', retry: () => setAttempt((n) => n + 1) };
  }
  return { view, facets: facets?.searchId === search.id ? facets.facets : undefined };
}
