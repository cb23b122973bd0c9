import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AnalyticsProvider, PlatformProvider } from '@tarmac/react';
import { App } from './App';
import { startPlatform } from './platform/startPlatform';
import './styles.css';

const { logger, analytics, consent } = startPlatform();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

createRoot(container).render(
  <StrictMode>
    <PlatformProvider logger={logger} development={import.meta.env.DEV}>
      <AnalyticsProvider analytics={analytics}>
        <App consent={consent} />
      </AnalyticsProvider>
    </PlatformProvider>
  </StrictMode>,
);
logger.info('page loaded');
