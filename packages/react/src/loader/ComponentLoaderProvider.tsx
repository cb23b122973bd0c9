import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { ComponentLoader } from '@tarmac/platform/loader';
import { LoaderContext } from './loaderContext.js';

/** Props of {@link ComponentLoaderProvider}. */
export interface ComponentLoaderProviderProps {
  /** Created by the host with `createComponentLoader` (endpoint, preloaded entries, logger). */
  loader: ComponentLoader;
  /** Sent with every load, e.g. `{locale: 'es'}` so the server answers Spanish strings. */
  options?: Record<string, unknown>;
  children?: ReactNode;
}

/** Gives `<DynamicComponent>` below it the host's loader and load options. */
export function ComponentLoaderProvider({ loader, options, children }: ComponentLoaderProviderProps) {
  const value = useMemo(() => ({ loader, options }), [loader, options]);
  return <LoaderContext.Provider value={value}>{children}</LoaderContext.Provider>;
}
