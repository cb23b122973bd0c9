import { useState } from 'react';
import { Message, useI18n } from '@tarmac/react';
import { resources } from '@tarmac/platform/loader';
import { formatPrice } from '../../locale/formatPrice';

/**
 * Result filters, loaded on demand beside the results. The price ceiling comes from the
 * component's property map, so the server can change it without a new build of the page.
 */
export function Filters() {
  const { locale } = useI18n();
  const [direct, setDirect] = useState(false);
  const [cancel, setCancel] = useState(false);
  const maxPrice = Number(resources.property('filters.maxPrice') ?? 500);
  const [price, setPrice] = useState(maxPrice);
  const count = Number(direct) + Number(cancel) + Number(price < maxPrice);
  return (
    <aside className="filters" aria-labelledby="filters-title" data-testid="dynamic-filters">
      <h3 id="filters-title" className="filters__title">
        <Message id="filters.title" />
      </h3>
      <label className="filters__option">
        <input type="checkbox" checked={direct} onChange={(e) => setDirect(e.target.checked)} />
        <Message id="filters.direct" />
      </label>
      <label className="filters__option">
        <input type="checkbox" checked={cancel} onChange={(e) => setCancel(e.target.checked)} />
        <Message id="filters.cancel" />
      </label>
      <label className="filters__option filters__option--range">
        <Message id="filters.price" values={{ price: formatPrice(price, locale) }} />
        <input type="range" min={50} max={maxPrice} step={10} value={price} onChange={(e) => setPrice(Number(e.target.value))} />
      </label>
      <p className="filters__count" data-testid="filters-count">
        <Message id="filters.active" values={{ count }} />
      </p>
    </aside>
  );
}
