import type { StatusFilter } from '@tarmac/server/contracts';
import { levels } from '../format/levels';
import { STATUS_FILTERS } from './workflow';

/** The filter inputs' raw values; `level` 0 means every level, `status` '' every state. */
export interface FilterValues {
  status: StatusFilter | '';
  level: number;
  product: string;
  text: string;
}

interface LogFiltersProps {
  values: FilterValues;
  products: string[];
  onChange(values: FilterValues): void;
}

/** State, level, product and free-text filters of the group list. */
export function LogFilters({ values, products, onChange }: LogFiltersProps) {
  return (
    <div className="filters" role="search">
      <label className="filter">
        <span>State</span>
        <select value={values.status} onChange={(e) => onChange({ ...values, status: e.target.value as FilterValues['status'] })}>
          {STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Level</span>
        <select value={values.level} onChange={(e) => onChange({ ...values, level: Number(e.target.value) })}>
          <option value={0}>All levels</option>
          {levels.map((l) => (
            <option key={l.value} value={l.value}>
              {l.name} and above
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Product</span>
        <select value={values.product} onChange={(e) => onChange({ ...values, product: e.target.value })}>
          <option value="">All products</option>
          {products.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="filter filter--grow">
        <span>Search</span>
        <input
          type="search"
          placeholder="Message or file name"
          value={values.text}
          onChange={(e) => onChange({ ...values, text: e.target.value })}
        />
      </label>
    </div>
  );
}
