import { Component } from 'react';
import type { ReactNode } from 'react';

interface SectionBoundaryProps {
  children: ReactNode;
}

/**
 * Catches a section that cannot render, most often its chunk failing to load (offline, or a new
 * deploy removed the old file): the shell and navigation stay usable, and the operator is told to
 * reload instead of facing a blank page. Keyed by section, so opening another one starts afresh.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="section-state">
        <p className="notice notice--error" role="alert">
          This section could not be loaded ({this.state.error.message}).{' '}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </p>
      </div>
    );
  }
}
