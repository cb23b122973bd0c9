import { Component } from 'react';
import type { ContextType, ErrorInfo, ReactNode } from 'react';
import { PlatformContext } from './platformContext.js';
import { DevErrorBox } from './DevErrorBox.js';
import { describeError } from './describeError.js';

/** Props of {@link ComponentErrorBoundary}. */
export interface ComponentErrorBoundaryProps {
  children?: ReactNode;
  /** Names the component in the error box and in the report; also the "once" key. */
  name?: string;
  /** What production shows instead of the failed subtree (nothing by default). */
  fallback?: ReactNode | ((error: unknown) => ReactNode);
  /** Overrides the provider's development flag for this boundary. */
  development?: boolean;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  componentStack?: string;
}

/**
 * Keeps one failing component from blanking the page: in development it shows the red
 * {@link DevErrorBox}, in production the `fallback` (or nothing), and it reports the failure
 * through the provider's logger once per component and message per page session.
 *
 * A class because React still offers error boundaries only as class components.
 */
export class ComponentErrorBoundary extends Component<ComponentErrorBoundaryProps, BoundaryState> {
  static override contextType = PlatformContext;
  declare context: ContextType<typeof PlatformContext>;
  override state: BoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? undefined });
    this.report(error, info.componentStack ?? undefined);
  }

  private report(error: unknown, componentStack: string | undefined): void {
    const platform = this.context;
    const logger = platform?.logger;
    if (!platform || !logger) return;
    const component = this.props.name ?? 'component';
    const { message } = describeError(error);
    if (!platform.firstReport(`${component}\n${message}`)) return;
    try {
      logger.error(error instanceof Error ? error : `${component} failed to render: ${message}`, {
        component,
        componentStack: componentStack?.trim(),
      });
    } catch {
      // Reporting must never turn one broken component into a broken page.
    }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const development = this.props.development ?? this.context?.development ?? false;
    if (development) {
      return (
        <DevErrorBox
          error={this.state.error}
          componentName={this.props.name}
          componentStack={this.state.componentStack}
        />
      );
    }
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : (fallback ?? null);
  }
}
