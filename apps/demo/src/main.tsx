import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AnalyticsProvider, PlatformProvider } from '@tarmac/react';
import { App } from './App';
import { readPageLocale } from './locale/pageLocale';
import { PerfReportingContext } from './platform/PerfReportingContext';
import { startPlatform } from './platform/startPlatform';
import './styles.css';

const locale = readPageLocale();
// Before anything reads it: screen readers, the browser's hyphenation and translate offer, and
// analytics, whose hits carry the page's locale.
document.documentElement.lang = locale;
const { logger, analytics, consent, perf, privacy, usChoices } = startPlatform(locale);
const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

createRoot(container).render(
  <StrictMode>
    <PlatformProvider logger={logger} development={import.meta.env.DEV}>
      <AnalyticsProvider analytics={analytics}>
        <PerfReportingContext.Provider value={perf}>
          <App locale={locale} consent={consent} privacy={privacy} usChoices={usChoices} />
        </PerfReportingContext.Provider>
      </AnalyticsProvider>
    </PlatformProvider>
  </StrictMode>,
);
logger.info('page loaded');
