import { useState } from 'react';
import type { FormEvent } from 'react';
import { Field } from './Field';
import { addDays, toDateInputValue } from './dates';
import { maxTravellers, validateSearch } from './validateSearch';
import type { SearchErrors, SearchQuery } from './validateSearch';
import type { Vertical } from './verticals';

interface SearchFormProps {
  vertical: Vertical;
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

/** The four-part search form, worded for the active vertical. */
export function SearchForm({ vertical, onSearch }: SearchFormProps) {
  const [query, setQuery] = useState(defaultQuery);
  const [errors, setErrors] = useState<SearchErrors>({});
  const today = toDateInputValue(new Date());
  const id = (field: string) => `${vertical.id}-${field}`;

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
        <Field id={id('from')} label={vertical.fromLabel} value={query.from} error={errors.from}
          placeholder={vertical.placeHint} autoComplete="off" onChange={(e) => update('from', e.target.value)} />
        {vertical.toLabel ? (
          <Field id={id('to')} label={vertical.toLabel} value={query.to} error={errors.to}
            placeholder={vertical.placeHint} autoComplete="off" onChange={(e) => update('to', e.target.value)} />
        ) : null}
      </div>
      <div className="search-form__when">
        <Field id={id('start')} label={vertical.startLabel} type="date" min={today} value={query.start}
          error={errors.start} onChange={(e) => update('start', e.target.value)} />
        <Field id={id('end')} label={vertical.endLabel} type="date" min={query.start || today} value={query.end}
          error={errors.end} onChange={(e) => update('end', e.target.value)} />
        <Field id={id('travellers')} label={vertical.travellersLabel} type="number" min={1} max={maxTravellers}
          className="field--narrow" value={query.travellers} error={errors.travellers}
          onChange={(e) => update('travellers', e.target.valueAsNumber)} />
      </div>
      <button type="submit" className="button button--primary search-form__submit">
        Search {vertical.label.toLowerCase()}
      </button>
    </form>
  );
}
