import { Suspense, use, useContext, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createComponentLoader } from '@tarmac/platform/loader';
import { ComponentErrorBoundary } from '../ComponentErrorBoundary.js';
import { LoaderContext } from './loaderContext.js';
import { loadOnce } from './loadOnce.js';

/** Props of {@link DynamicComponent}. */
export interface DynamicComponentProps {
  /** Component path as the server's catalogue names it, e.g. `widgets/deals`. */
  path: string;
  /** Shown while the component loads. */
  fallback?: ReactNode;
  /** Shown in production when loading or rendering fails (nothing by default). */
  errorFallback?: ReactNode;
  /** Props for the loaded component. */
  props?: Record<string, unknown>;
  /** Development or standalone mode for this component: failures show the red box. */
  development?: boolean;
}

function Loaded({ path, props }: { path: string; props?: Record<string, unknown> }) {
  const settings = useContext(LoaderContext);
  // Without a provider: one default loader per mounted component (the page state is shared anyway).
  const [ownLoader] = useState(() => (settings ? undefined : createComponentLoader()));
  const loader = settings?.loader ?? ownLoader!;
  const definition = use(loadOnce(loader, path, settings?.options));
  if (typeof definition !== 'function' && (typeof definition !== 'object' || definition === null)) {
    throw new Error(`Dynamic component ${path} loaded but defined no React component`);
  }
  const Component = definition as ComponentType<Record<string, unknown>>;
  return <Component {...props} />;
}

/**
 * Renders a component loaded on demand through the platform loader: `fallback` while it loads
 * (Suspense), then the component. A failed load or render is contained by an error boundary:
 * the red development box in development or standalone mode, `errorFallback` and one logged
 * report in production, so the rest of the page keeps working.
 */
export function DynamicComponent({ path, fallback = null, errorFallback, props, development }: DynamicComponentProps) {
  return (
    <ComponentErrorBoundary name={path} fallback={errorFallback} development={development}>
      <Suspense fallback={fallback}>
        <Loaded path={path} props={props} />
      </Suspense>
    </ComponentErrorBoundary>
  );
}
