import { useState } from 'react';
import { Message, useDateLocale, useI18n } from '@tarmac/react';
import { formatPrice } from '../../locale/formatPrice';
import { resources } from '@tarmac/platform/loader';

interface Deal {
  city: string;
  price: number;
  nights: number;
  endsInDays: number;
}

/**
 * This week's deals, loaded on demand. The deals themselves arrive in the component's resource
 * map and the count to show in its property map; dates read as the page's language says them.
 */
export function DealsWidget() {
  const dates = useDateLocale();
  const { locale } = useI18n();
  const [now] = useState(() => Date.now());
  const deals = (resources.resource('deals.list') as Deal[] | undefined) ?? [];
  const count = Number(resources.property('deals.count') ?? deals.length);
  return (
    <section className="deals" aria-labelledby="deals-title" data-testid="dynamic-deals">
      <h2 id="deals-title" className="deals__title">
        <img className="deals__badge" src={resources.image('deals.badge')} alt="" width={20} height={20} />
        <Message id="deals.title" />
      </h2>
      <ul className="deals__list">
        {deals.slice(0, count).map((deal) => {
          const ends = new Date(now + deal.endsInDays * 864e5);
          ends.setHours(23, 0, 0, 0);
          return (
            <li key={deal.city} className="deals__item">
              <strong>
                <Message id="deals.item" values={{ city: deal.city, price: formatPrice(deal.price, locale) }} />
              </strong>
              <span>
                <Message id="deals.nights" values={{ nights: deal.nights }} />
              </span>
              <span className="deals__ends">
                <Message id="deals.ends" values={{ when: dates.calendar(ends, now) }} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
