import type { ReactNode } from 'react';
import { useText } from '../../locale/useText';

interface OfferCardProps {
  id: string;
  heading: ReactNode;
  /** A picture beside the text (hotels). */
  media?: ReactNode;
  price: ReactNode;
  children: ReactNode;
  onOpen(opener: HTMLButtonElement): void;
}

/**
 * One result in the list: its summary, its price and a "View details" button that the whole
 * card answers to (a click anywhere on it), described by the card's heading for screen readers.
 */
export function OfferCard({ id, heading, media, price, children, onOpen }: OfferCardProps) {
  const text = useText();
  const headingId = `offer-${id}`;
  return (
    <li className="offer" data-testid="offer">
      {media}
      <div className="offer__body">
        <h3 id={headingId} className="offer__title">
          {heading}
        </h3>
        {children}
      </div>
      <div className="offer__aside">
        {price}
        <button type="button" className="button button--primary offer__open" aria-describedby={headingId} onClick={(event) => onOpen(event.currentTarget)}>
          {text('results.details')}
        </button>
      </div>
    </li>
  );
}

/** The price block of a card: the amount, what it is per, and optional lines under it. */
export function PriceTag({ amount, per, children }: { amount: string; per: string; children?: ReactNode }) {
  return (
    <p className="price-tag">
      <strong className="price-tag__amount">{amount}</strong>
      <span className="price-tag__per">{per}</span>
      {children}
    </p>
  );
}

/** A reassuring tag (free cancellation), green with text contrast above 4.5:1. */
export function GoodTag({ children }: { children: ReactNode }) {
  return <span className="good-tag">{children}</span>;
}
