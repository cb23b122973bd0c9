import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlatformProvider } from '@tarmac/react';
import { App } from './App';
import { startPlatform } from './platform/startPlatform';
import './styles.css';

const { logger } = startPlatform();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

createRoot(container).render(
  <StrictMode>
    <PlatformProvider logger={logger} development={import.meta.env.DEV}>
      <App />
    </PlatformProvider>
  </StrictMode>,
);
logger.info('page loaded');
