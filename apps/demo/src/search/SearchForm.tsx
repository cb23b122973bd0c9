import { useState } from 'react';
import type { FormEvent } from 'react';
import { useText } from '../locale/useText';
import { Field } from './Field';
import { DateField } from './DateField';
import { addDays, toDateInputValue } from './dates';
import { maxTravellers, searchErrorId, validateSearch } from './validateSearch';
import type { SearchErrors, SearchQuery } from './validateSearch';
import type { Vertical } from './verticals';

interface SearchFormProps {
  vertical: Vertical;
  /** The vertical's last search, shown again when its tab comes back. */
  initial?: SearchQuery;
  onSearch(query: SearchQuery): void;
}

function defaultQuery(): SearchQuery {
  const today = new Date();
  return {
    from: '',
    to: '',
    start: toDateInputValue(addDays(today, 14)),
    end: toDateInputValue(addDays(today, 21)),
    travellers: 1,
  };
}

/** The four-part search form, worded for the active vertical in the page's language. */
export function SearchForm({ vertical, initial, onSearch }: SearchFormProps) {
  const text = useText();
  const [query, setQuery] = useState(() => initial ?? defaultQuery());
  const [errors, setErrors] = useState<SearchErrors>({});
  const today = toDateInputValue(new Date());
  const id = (field: string) => `${vertical.id}-${field}`;
  const words = { vertical: vertical.id, max: maxTravellers };
  const label = (field: keyof SearchQuery) => text(`search.${field}`, words);
  const error = (field: keyof SearchQuery) => {
    const code = errors[field];
    return code ? text(searchErrorId(field, code), words) : undefined;
  };
  const placeHint = text('search.placeHint', words);

  function update<K extends keyof SearchQuery>(key: K, value: SearchQuery[K]) {
    setQuery((previous) => ({ ...previous, [key]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSearch(query, vertical, today);
    setErrors(found);
    if (Object.keys(found).length === 0) onSearch(query);
  }

  return (
    <form className="search-form" onSubmit={submit} noValidate>
      <div className="search-form__places">
        <Field id={id('from')} label={label('from')} value={query.from} error={error('from')}
          placeholder={placeHint} autoComplete="off" onChange={(e) => update('from', e.target.value)} />
        {vertical.hasDestination ? (
          <Field id={id('to')} label={label('to')} value={query.to} error={error('to')}
            placeholder={placeHint} autoComplete="off" onChange={(e) => update('to', e.target.value)} />
        ) : null}
      </div>
      <div className="search-form__when">
        <DateField id={id('start')} label={label('start')} min={today} value={query.start}
          error={error('start')} onChange={(value) => update('start', value)} />
        <DateField id={id('end')} label={label('end')} min={/^\d{4}-\d{2}-\d{2}$/.test(query.start) ? query.start : today} value={query.end}
          error={error('end')} onChange={(value) => update('end', value)} />
        <Field id={id('travellers')} label={label('travellers')} type="number" min={1} max={maxTravellers}
          className="field--narrow" value={query.travellers} error={error('travellers')}
          onChange={(e) => update('travellers', e.target.valueAsNumber)} />
      </div>
      <button type="submit" className="button button--primary search-form__submit">
        {text('search.submit', words)}
      </button>
    </form>
  );
}
