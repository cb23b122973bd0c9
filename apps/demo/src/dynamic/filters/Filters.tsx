import { useCallback, useState } from 'react';
import { useI18n } from '@tarmac/react';
import type { CarFacets, FlightFacets } from '@tarmac/server/contracts';
import { formatPrice } from '../../locale/formatPrice';
import { useText } from '../../locale/useText';
import type { FiltersProps, SearchFilters } from '../../search/searchTypes';
import { Check, Choice, Group, PriceCeiling } from './FilterParts';

const toggled = <T,>(list: T[] | undefined, item: T, on: boolean): T[] => (on ? [...(list ?? []), item] : (list ?? []).filter((x) => x !== item));

/** How many filters narrow the list. */
export function activeCount(filters: SearchFilters): number {
  return Object.values(filters).filter((value) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)).length;
}

/**
 * The filter panel beside the results, loaded on demand: the options each vertical's facets
 * offer (with their counts), applied by the page at once. Collapsed behind a button on phones.
 */
export function Filters({ vertical, facets, filters, onFilters }: FiltersProps) {
  const text = useText();
  const { locale } = useI18n();
  const [open, setOpen] = useState(false);
  const set = (patch: SearchFilters) => onFilters({ ...filters, ...patch });
  const price = useCallback((maxPrice?: number) => onFilters({ ...filters, maxPrice }), [filters, onFilters]);
  const count = activeCount(filters);
  const option = (label: string, n: number) => text('filters.option', { label, count: n });
  return (
    <aside className="filters" aria-labelledby="filters-title" data-testid="dynamic-filters" data-open={open}>
      <div className="filters__head">
        <h2 id="filters-title" className="filters__title">
          {text('filters.title')}
        </h2>
        <button type="button" className="filters__toggle" aria-expanded={open} aria-controls="filters-body" onClick={() => setOpen(!open)}>
          {text('filters.show', { open })}
        </button>
      </div>
      <div className="filters__count">
        <p data-testid="filters-count" role="status">
          {text('filters.active', { count })}
        </p>
        {count > 0 ? (
          <button type="button" className="filters__clear" onClick={() => onFilters({})}>
            {text('filters.clear')}
          </button>
        ) : null}
      </div>
      <div id="filters-body" className="filters__body">
        {vertical === 'flights' ? (
          <Group title={text('filters.stops')}>
            <Choice name="stops" value={filters.stops} onChange={(stops) => set({ stops })}
              options={[[undefined, text('filters.anyStops')], [0, text('filters.direct')], [1, text('filters.oneStop')]]} />
          </Group>
        ) : null}
        {vertical === 'hotels' ? (
          <>
            <Group title={text('filters.stars')}>
              <Choice name="minStars" value={filters.minStars} onChange={(minStars) => set({ minStars })}
                options={[[undefined, text('filters.anyStars')], ...[3, 4, 5].map((n): [number, string] => [n, text('filters.minStars', { count: n })])]} />
            </Group>
            <Group title={text('filters.rating')}>
              <Choice name="minRating" value={filters.minRating} onChange={(minRating) => set({ minRating })}
                options={[[undefined, text('filters.anyRating')], ...[7, 8, 9].map((n): [number, string] => [n, text('filters.minRating', { rating: n })])]} />
            </Group>
          </>
        ) : null}
        {vertical === 'cars' && facets ? (
          <Group title={text('filters.classes')}>
            {(facets as CarFacets).classes.map(({ value, count: n }) => (
              <Check key={value} label={option(text('results.carClass', { carClass: value }), n)} checked={filters.classes?.includes(value) ?? false}
                onChange={(on) => set({ classes: toggled(filters.classes, value, on) })} />
            ))}
            <Check label={text('filters.automatic')} checked={filters.transmission === 'automatic'} onChange={(on) => set({ transmission: on ? 'automatic' : undefined })} />
          </Group>
        ) : null}
        <Check label={text('filters.cancel')} checked={filters.freeCancellation ?? false} onChange={(on) => set({ freeCancellation: on || undefined })} />
        {facets && facets.price.max > facets.price.min ? (
          <Group title={text('filters.priceTitle', { vertical })}>
            <PriceCeiling label={text('filters.priceTitle', { vertical })} min={facets.price.min} max={facets.price.max} value={filters.maxPrice}
              format={(n) => text('filters.price', { price: formatPrice(n, locale) })} onChange={price} />
          </Group>
        ) : null}
        {vertical === 'flights' && facets ? (
          <Group title={text('filters.carriers')}>
            {(facets as FlightFacets).carriers.map(({ value, name, count: n }) => (
              <Check key={value} label={option(name, n)} checked={filters.carriers?.includes(value) ?? false}
                onChange={(on) => set({ carriers: toggled(filters.carriers, value, on) })} />
            ))}
          </Group>
        ) : null}
      </div>
    </aside>
  );
}
