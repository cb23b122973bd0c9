import { useState } from 'react';
import { Message } from '@tarmac/react';
import { Dynamic } from './Dynamic';

/**
 * Loads the `demo/broken` dynamic component on demand: the red box in standalone mode, a quiet
 * note (and one logged report) in production, with the page around it still working.
 */
export function BrokenDynamicTrigger() {
  const [shown, setShown] = useState(false);
  return (
    <div className="broken-dynamic">
      <button type="button" className="button button--ghost" data-testid="break-dynamic" onClick={() => setShown(true)}>
        <Message id="brokenDynamic.load" />
      </button>
      {shown ? (
        <Dynamic
          path="demo/broken"
          fallback={<span>…</span>}
          errorFallback={
            <p data-testid="broken-dynamic-fallback">
              <Message id="brokenDynamic.unavailable" />
            </p>
          }
        />
      ) : null}
    </div>
  );
}
