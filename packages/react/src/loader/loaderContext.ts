import { createContext } from 'react';
import type { ComponentLoader } from '@tarmac/platform/loader';

/** The loader dynamic components use, and the options sent with every load (locale …). */
export interface LoaderSettings {
  loader: ComponentLoader;
  options?: Record<string, unknown>;
}

/** Undefined without a provider: DynamicComponent then makes a default loader of its own. */
export const LoaderContext = createContext<LoaderSettings | undefined>(undefined);
