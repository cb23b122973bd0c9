import { StrictMode } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@tarmac/platform/analytics';
import { AnalyticsProvider } from './AnalyticsProvider.js';
import { useAnalytics } from './useAnalytics.js';
import { usePageView } from './usePageView.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const fakeAnalytics = () =>
  ({ trackPageView: vi.fn(), trackEvent: vi.fn(), setContext: vi.fn(), flush: vi.fn(async () => undefined), stop: vi.fn() }) satisfies Analytics;
let root: ReturnType<typeof createRoot> | undefined;
afterEach(() => act(() => root?.unmount()));

function Page({ tab, count }: { tab: string; count: number }) {
  usePageView({ vertical: tab, pageId: 'search' });
  const analytics = useAnalytics();
  return <button onClick={() => analytics.trackEvent({ category: 'c', action: 'click', value: count })}>{count}</button>;
}

function render(analytics: Analytics, tab: string, count: number) {
  act(() => {
    root ??= createRoot(document.createElement('div'));
    root.render(
      <StrictMode>
        <AnalyticsProvider analytics={analytics}>
          <Page tab={tab} count={count} />
        </AnalyticsProvider>
      </StrictMode>,
    );
  });
}

describe('usePageView', () => {
  it('records one view per page, again when the page changes, not on re-render or StrictMode remount', () => {
    const analytics = fakeAnalytics();
    render(analytics, 'flights', 1);
    render(analytics, 'flights', 2);
    expect(analytics.trackPageView).toHaveBeenCalledTimes(1);
    expect(analytics.trackPageView).toHaveBeenLastCalledWith({ vertical: 'flights', pageId: 'search' });
    render(analytics, 'hotels', 2);
    expect(analytics.trackPageView).toHaveBeenCalledTimes(2);
    expect(analytics.trackPageView).toHaveBeenLastCalledWith({ vertical: 'hotels', pageId: 'search' });
  });
});

describe('useAnalytics', () => {
  it('fails clearly without a provider', () => {
    function Orphan() {
      useAnalytics();
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const orphanRoot = createRoot(document.createElement('div'));
    expect(() => act(() => orphanRoot.render(<Orphan />))).toThrow(/inside <AnalyticsProvider/);
    spy.mockRestore();
  });
});
