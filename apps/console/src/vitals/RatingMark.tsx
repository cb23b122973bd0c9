import type { ReactNode } from 'react';
import type { Rating } from './vitalsTypes';

/** Each rating's words and shape (as Lighthouse draws them), so it never rests on colour alone. */
export const RATINGS: Record<Rating, { label: string; icon: string }> = {
  good: { label: 'Good', icon: '●' },
  'needs-improvement': { label: 'Needs improvement', icon: '■' },
  poor: { label: 'Poor', icon: '▲' },
};

/**
 * A value in its rating's text colour (each ≥ 4.5:1 on white, unlike the chart fills) after the
 * rating's shape; the rating's name is read out after the value and shown on hover.
 */
export function RatingValue({ rating, children }: { rating: Rating | null | undefined; children: ReactNode }) {
  if (!rating) return <>{children}</>;
  const { label, icon } = RATINGS[rating];
  return (
    <span className={`rating rating--${rating}`} title={label}>
      <span className="rating__icon" aria-hidden="true">{icon}</span>
      {children}
      <span className="sr-only"> ({label.toLowerCase()})</span>
    </span>
  );
}

/** The rating in words, with its shape, for a metric card. */
export function RatingLabel({ rating }: { rating: Rating }) {
  const { label, icon } = RATINGS[rating];
  return (
    <span className={`rating rating--${rating} rating__label`}>
      <span className="rating__icon" aria-hidden="true">{icon}</span>
      {label}
    </span>
  );
}
