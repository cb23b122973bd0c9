import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** What to do so data arrives, in a sentence or two. */
  children: ReactNode;
  testId?: string;
}

/**
 * What a view shows before it has anything to show: what is missing and what to do about it,
 * with a link to the site (served by the same server at `/`), where the data comes from.
 */
export function EmptyState({ title, children, testId }: EmptyStateProps) {
  return (
    <section className="empty" data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      <p>{children}</p>
      <a href="/" target="_blank" rel="noopener">
        Open the site<span className="sr-only"> (opens in a new tab)</span> ↗
      </a>
    </section>
  );
}
