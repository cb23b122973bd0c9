import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ComponentLoader } from '@tarmac/platform/loader';
import { PlatformProvider } from '../PlatformProvider.js';
import type { PlatformLogger } from '../platformContext.js';
import { ComponentLoaderProvider } from './ComponentLoaderProvider.js';
import { DynamicComponent } from './DynamicComponent.js';
import { mountAsync, unmountAll } from '../testing/mountReact.js';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), flush: vi.fn(), stop: vi.fn() });

function fakeLoader(load: ComponentLoader['load']): ComponentLoader {
  return { load: vi.fn(load), isLoaded: () => false };
}

function Greeting({ name }: Record<string, unknown>) {
  return <p>Hola {String(name)}</p>;
}

describe('DynamicComponent', () => {
  it('shows the fallback, then the loaded component with its props and the provider options', async () => {
    let resolve!: (value: unknown) => void;
    const loader = fakeLoader(() => new Promise((r) => (resolve = r)));
    const container = await mountAsync(
      <ComponentLoaderProvider loader={loader} options={{ locale: 'es' }}>
        <DynamicComponent path="greeting" fallback={<span>loading</span>} props={{ name: 'Ana' }} />
        <DynamicComponent path="greeting" fallback={<span>loading</span>} props={{ name: 'Luis' }} />
      </ComponentLoaderProvider>,
    );
    expect(container.textContent).toBe('loadingloading');
    await act(async () => resolve(Greeting));
    expect(container.textContent).toBe('Hola AnaHola Luis');
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.load).toHaveBeenCalledWith('greeting', { locale: 'es' });
  });

  it('shows the red box in development when the load fails', async () => {
    const loader = fakeLoader(() => Promise.reject(new Error('Dynamic import failed, status: 500')));
    const container = await mountAsync(
      <PlatformProvider logger={logger() as unknown as PlatformLogger} development>
        <ComponentLoaderProvider loader={loader}>
          <DynamicComponent path="broken" />
        </ComponentLoaderProvider>
      </PlatformProvider>,
    );
    const box = container.querySelector('[data-testid="dev-error-box"]');
    expect(box?.textContent).toContain('broken failed to render');
    expect(box?.textContent).toContain('Dynamic import failed, status: 500');
  });

  it('keeps the page and logs once in production when the component fails to render', async () => {
    const log = logger();
    const Broken = () => {
      throw new Error('render blew up');
    };
    const loader = fakeLoader(() => Promise.resolve(Broken));
    const container = await mountAsync(
      <PlatformProvider logger={log as unknown as PlatformLogger}>
        <ComponentLoaderProvider loader={loader}>
          <p>page</p>
          <DynamicComponent path="widgets/broken" errorFallback={<i>unavailable</i>} />
        </ComponentLoaderProvider>
      </PlatformProvider>,
    );
    expect(container.textContent).toBe('pageunavailable');
    expect(container.querySelector('[data-testid="dev-error-box"]')).toBeNull();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toMatchObject({ component: 'widgets/broken' });
  });

  it('refuses a script that defined no component', async () => {
    const loader = fakeLoader(() => Promise.resolve(undefined));
    const container = await mountAsync(
      <PlatformProvider development>
        <ComponentLoaderProvider loader={loader}>
          <DynamicComponent path="empty" />
        </ComponentLoaderProvider>
      </PlatformProvider>,
    );
    expect(container.textContent).toContain('Dynamic component empty loaded but defined no React component');
  });
});
