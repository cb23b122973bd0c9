// A fixture page of the demo build: hydrates markup that does not match what the client renders,
// so the hydration error reporting (once per component per session) can be seen working.
import { hydrateRoot } from 'react-dom/client';
import { createLogger } from '@tarmac/platform/logger';
import { createHydrationErrorHandler } from '@tarmac/react';

function PriceTag() {
  return <p className="price">Price: 120 €</p>;
}

const logger = createLogger({ product: 'demo', flushIntervalMs: 200 });
const container = document.getElementById('root');
if (container) {
  hydrateRoot(container, <PriceTag />, { onRecoverableError: createHydrationErrorHandler(logger) });
}
