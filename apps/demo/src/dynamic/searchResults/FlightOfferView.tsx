import { useDateLocale, useI18n } from '@tarmac/react';
import type { FlightLeg, FlightOffer } from '@tarmac/server/contracts';
import { formatPrice } from '../../locale/formatPrice';
import { useText } from '../../locale/useText';
import { dayShift, durationParts, wallClock } from './format';
import { GoodTag, PriceTag } from './OfferCard';

function Leg({ leg, label }: { leg: FlightLeg; label: string }) {
  const text = useText();
  const dates = useDateLocale();
  const shift = dayShift(leg.departAt, leg.arriveAt);
  const stops = leg.stops === 0 ? text('results.direct') : `${text('results.stops', { count: leg.stops })} · ${text('results.via', { places: leg.via.join(', ') })}`;
  return (
    <div className="leg">
      <span className="leg__label">{label}</span>
      <span className="leg__times">
        <time dateTime={leg.departAt}>{dates.format(wallClock(leg.departAt), 'LT')}</time>
        <span aria-hidden="true"> – </span>
        <time dateTime={leg.arriveAt}>{dates.format(wallClock(leg.arriveAt), 'LT')}</time>
        {shift > 0 ? (
          <sup className="leg__shift" title={text('results.nextDayLong', { count: shift })}>
            <span aria-hidden="true">{text('results.nextDay', { count: shift })}</span>
            <span className="visually-hidden">{text('results.nextDayLong', { count: shift })}</span>
          </sup>
        ) : null}
      </span>
      <span className="leg__route">
        {leg.from.code} → {leg.to.code} · {text('results.duration', durationParts(leg.durationMinutes))}
      </span>
      <span className={leg.stops === 0 ? 'leg__stops leg__stops--direct' : 'leg__stops'}>{stops}</span>
    </div>
  );
}

/** A flight in the list: airline, each leg's times, route, duration and stops; price per traveller. */
export function FlightSummary({ offer }: { offer: FlightOffer }) {
  const text = useText();
  return (
    <div className="legs">
      <Leg leg={offer.outbound} label={text('results.outbound')} />
      {offer.inbound ? <Leg leg={offer.inbound} label={text('results.inbound')} /> : null}
    </div>
  );
}

export function FlightPrice({ offer }: { offer: FlightOffer }) {
  const text = useText();
  const { locale } = useI18n();
  return (
    <PriceTag amount={formatPrice(offer.price, locale)} per={text('results.perTraveller')}>
      {offer.freeCancellation ? <GoodTag>{text('results.freeCancellation')}</GoodTag> : null}
      {offer.seatsLeft ? <span className="price-tag__urgent">{text('results.seatsLeft', { count: offer.seatsLeft })}</span> : null}
    </PriceTag>
  );
}

/** Everything about a flight, for the detail panel. */
export function FlightDetail({ offer }: { offer: FlightOffer }) {
  const text = useText();
  const dates = useDateLocale();
  const { locale } = useI18n();
  const legs = [[offer.outbound, text('results.outbound')], ...(offer.inbound ? [[offer.inbound, text('results.inbound')]] : [])] as [FlightLeg, string][];
  return (
    <div className="detail">
      {legs.map(([leg, label]) => (
        <section key={label} className="detail__section" aria-label={label}>
          <h3 className="detail__subtitle">
            {label}: {dates.format(wallClock(leg.departAt), 'dddd, ll')}
          </h3>
          <Leg leg={leg} label={text('results.flight', { number: leg.flightNumber })} />
        </section>
      ))}
      <ul className="detail__facts">
        <li>{text('results.bags', { count: offer.bagsIncluded })}</li>
        {offer.freeCancellation ? <li>{text('results.freeCancellation')}</li> : null}
        <li>{text('results.total', { price: formatPrice(offer.totalPrice, locale) })}</li>
      </ul>
    </div>
  );
}
