import { useEffect, useRef, useState } from 'react';
import { useAnalytics } from '@tarmac/react';
import type { CarOffer, FlightOffer, HotelOffer, SearchReply } from '@tarmac/server/contracts';
import { useText } from '../../locale/useText';
import type { SearchResultsProps } from '../../search/searchTypes';
import { CarDetail, CarPrice, CarSummary } from './CarOfferView';
import { FlightDetail, FlightPrice, FlightSummary } from './FlightOfferView';
import { HotelDetail, HotelPicture, HotelPrice, HotelSummary } from './HotelOfferView';
import { OfferCard } from './OfferCard';
import { Pagination } from './Pagination';
import { ResultDialog } from './ResultDialog';
import { ResultsHeader } from './ResultsHeader';

type Offer = FlightOffer | HotelOffer | CarOffer;

const priceOf = (offer: Offer) => ('price' in offer ? offer.price : offer.totalPrice);

/** How each vertical shows an offer: heading, summary, price, picture and detail. */
function views(reply: SearchReply, offer: Offer, text: ReturnType<typeof useText>) {
  if (reply.vertical === 'flights') {
    const flight = offer as FlightOffer;
    return { heading: flight.outbound.carrier.name, summary: <FlightSummary offer={flight} />, price: <FlightPrice offer={flight} />, detail: <FlightDetail offer={flight} /> };
  }
  if (reply.vertical === 'hotels') {
    const hotel = offer as HotelOffer;
    return { heading: hotel.name, media: <HotelPicture offer={hotel} />, summary: <HotelSummary offer={hotel} />, price: <HotelPrice offer={hotel} />, detail: <HotelDetail offer={hotel} /> };
  }
  const car = offer as CarOffer;
  return { heading: text('results.carClass', { carClass: car.carClass }), summary: <CarSummary offer={car} />, price: <CarPrice offer={car} />, detail: <CarDetail offer={car} /> };
}

function Skeleton() {
  return (
    <ul className="skeleton-list" aria-hidden="true">
      {[0, 1, 2, 3].map((n) => (
        <li key={n} className="skeleton-card">
          <span />
          <span />
          <span />
        </li>
      ))}
    </ul>
  );
}

/**
 * The results of a search, loaded on demand with its strings: a skeleton while the page's
 * request runs, the offers with paging and sorting, an empty or error state otherwise. A card
 * opens its detail panel and counts as an analytics event; focus goes back to the card after.
 */
export function SearchResults({ vertical, search, view, onPage, onSort, onClearFilters }: SearchResultsProps) {
  const text = useText();
  const analytics = useAnalytics();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const focused = useRef(0);
  const [open, setOpen] = useState<Offer>();
  const reply = view.status === 'done' ? view.reply : undefined;

  // A new search or another page: the heading takes focus (and scrolls into view) once shown.
  useEffect(() => {
    if (!reply || focused.current === search.focus) return;
    focused.current = search.focus;
    heading.current?.focus();
  }, [reply, search.focus]);

  function openOffer(offer: Offer, button: HTMLButtonElement) {
    opener.current = button;
    setOpen(offer);
    analytics.trackEvent({ category: 'results', action: 'detail', label: offer.id, value: Math.round(priceOf(offer)) });
  }

  const filtered = Object.values(search.filters).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0));
  let body;
  if (view.status === 'loading') body = <Skeleton />;
  else if (view.status === 'error') {
    body = (
      <div className="results__state results__state--error" role="alert">
        <p>{text('results.error')}</p>
        <button type="button" className="button button--ghost" onClick={view.retry}>
          {text('results.retry')}
        </button>
      </div>
    );
  } else if (reply && reply.total === 0) {
    const place = reply.from === null ? search.query.from : search.query.to;
    body = (
      <div className="results__state" data-testid="results-empty">
        {reply.suggestions.length ? (
          <p>{text('results.unknownPlace', { place, suggestions: reply.suggestions.join(', ') })}</p>
        ) : (
          <p>{text(filtered ? 'results.emptyFiltered' : 'results.emptyNone', { vertical })}</p>
        )}
        {filtered ? (
          <button type="button" className="button button--ghost" onClick={onClearFilters}>
            {text('results.clearFilters')}
          </button>
        ) : null}
      </div>
    );
  } else if (reply) {
    body = (
      <>
        <ul className="offers">
          {(reply.results as Offer[]).map((offer) => {
            const shown = views(reply, offer, text);
            return (
              <OfferCard key={offer.id} id={offer.id} heading={shown.heading} media={shown.media} price={shown.price} onOpen={(button) => openOffer(offer, button)}>
                {shown.summary}
              </OfferCard>
            );
          })}
        </ul>
        <Pagination page={reply.page} pages={reply.pages} onPage={onPage} />
      </>
    );
  }

  const detail = open && reply ? views(reply, open, text) : undefined;
  return (
    <section className="results" aria-labelledby="results-title" aria-busy={view.status === 'loading'} data-testid="dynamic-results">
      <ResultsHeader vertical={vertical} search={search} onSort={onSort} headingRef={heading} count={reply?.total} />
      {body}
      {open && detail ? (
        <ResultDialog
          title={detail.heading}
          onSelect={() => analytics.trackEvent({ category: 'results', action: 'select', label: open.id, value: Math.round(priceOf(open)) })}
          onClose={() => {
            setOpen(undefined);
            opener.current?.focus();
          }}
        >
          {detail.detail}
        </ResultDialog>
      ) : null}
    </section>
  );
}
