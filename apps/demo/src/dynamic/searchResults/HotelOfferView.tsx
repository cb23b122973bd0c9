import { useI18n } from '@tarmac/react';
import type { HotelOffer } from '@tarmac/server/contracts';
import { formatPrice } from '../../locale/formatPrice';
import { useText } from '../../locale/useText';
import { GoodTag, PriceTag } from './OfferCard';

const band = (rating: number) => (rating >= 9 ? 'superb' : rating >= 8 ? 'great' : rating >= 7 ? 'good' : 'pleasant');

/** Stars as a row of glyphs, read out as "4 stars". */
export function Stars({ count }: { count: number }) {
  const text = useText();
  return (
    <span className="stars" role="img" aria-label={text('results.stars', { count })}>
      {'★'.repeat(count)}
    </span>
  );
}

/** The guest rating: the score on a dark badge (white on ink: 15:1) and its word. */
export function Rating({ offer }: { offer: HotelOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <span className="rating">
      <span className="rating__score">{new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(offer.rating)}</span>
      <span className="rating__word">{text('results.ratingWord', { band: band(offer.rating) })}</span>
      <span className="rating__reviews">{text('results.reviews', { count: offer.reviews })}</span>
    </span>
  );
}

/** The generated picture of the hotel; decorative, since the card's heading names it. */
export function HotelPicture({ offer, large }: { offer: HotelOffer; large?: boolean }) {
  return <img className={large ? 'hotel-picture hotel-picture--large' : 'hotel-picture'} src={offer.image} alt="" width={320} height={200} loading="lazy" />;
}

/** A hotel in the list: stars, rating, where it is, its first amenities. */
export function HotelSummary({ offer }: { offer: HotelOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <>
      <p className="offer__line">
        <Stars count={offer.stars} /> <Rating offer={offer} />
      </p>
      <p className="offer__line offer__muted">
        {text('results.area', { area: offer.area })} · {text('results.fromCentre', { km: new Intl.NumberFormat(locale).format(offer.distanceKm) })}
      </p>
      <ul className="chips">
        {offer.amenities.slice(0, 4).map((amenity) => (
          <li key={amenity}>{text('results.amenity', { amenity })}</li>
        ))}
      </ul>
    </>
  );
}

export function HotelPrice({ offer }: { offer: HotelOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <PriceTag amount={formatPrice(offer.pricePerNight, locale)} per={text('results.perNight')}>
      <span className="price-tag__total">
        {text('results.nights', { count: offer.nights })} · {text('results.total', { price: formatPrice(offer.totalPrice, locale) })}
      </span>
      {offer.freeCancellation ? <GoodTag>{text('results.freeCancellation')}</GoodTag> : null}
    </PriceTag>
  );
}

/** Everything about a hotel, for the detail panel. */
export function HotelDetail({ offer }: { offer: HotelOffer }) {
  const text = useText();
  return (
    <div className="detail">
      <HotelPicture offer={offer} large />
      <HotelSummary offer={{ ...offer, amenities: [] }} />
      <ul className="detail__facts">
        {offer.amenities.map((amenity) => (
          <li key={amenity}>{text('results.amenity', { amenity })}</li>
        ))}
      </ul>
      <HotelPrice offer={offer} />
    </div>
  );
}
