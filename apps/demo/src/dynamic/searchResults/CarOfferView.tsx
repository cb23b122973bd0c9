import { useI18n } from '@tarmac/react';
import type { CarOffer } from '@tarmac/server/contracts';
import { formatPrice } from '../../locale/formatPrice';
import { useText } from '../../locale/useText';
import { GoodTag, PriceTag } from './OfferCard';

/** The specs of a car as short facts. */
function specs(offer: CarOffer, text: ReturnType<typeof useText>): string[] {
  return [
    text('results.seats', { count: offer.seats }),
    text('results.doors', { count: offer.doors }),
    text('results.carBags', { count: offer.bags }),
    text('results.transmission', { transmission: offer.transmission }),
    text(offer.unlimitedMileage ? 'results.unlimitedMileage' : 'results.limitedMileage'),
  ];
}

/** A car in the list: model, specs and supplier. */
export function CarSummary({ offer }: { offer: CarOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <>
      <p className="offer__line offer__muted">{text('results.orSimilar', { model: offer.model })}</p>
      <ul className="chips">
        {specs(offer, text).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      <p className="offer__line offer__muted">
        {text('results.supplierRating', { supplier: offer.supplier, rating: new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(offer.supplierRating) })}
      </p>
    </>
  );
}

export function CarPrice({ offer }: { offer: CarOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <PriceTag amount={formatPrice(offer.pricePerDay, locale)} per={text('results.perDay')}>
      <span className="price-tag__total">
        {text('results.days', { count: offer.days })} · {text('results.total', { price: formatPrice(offer.totalPrice, locale) })}
      </span>
      {offer.freeCancellation ? <GoodTag>{text('results.freeCancellation')}</GoodTag> : null}
    </PriceTag>
  );
}

/** Everything about a car hire, for the detail panel. */
export function CarDetail({ offer }: { offer: CarOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <div className="detail">
      <CarSummary offer={offer} />
      <ul className="detail__facts">
        <li>{text('results.pickUp', { place: offer.pickUp.name })}</li>
        <li>{text('results.dropOff', { place: offer.dropOff.name })}</li>
        {offer.oneWayFee > 0 ? <li>{text('results.oneWayFee', { price: formatPrice(offer.oneWayFee, locale) })}</li> : null}
      </ul>
      <CarPrice offer={offer} />
    </div>
  );
}
