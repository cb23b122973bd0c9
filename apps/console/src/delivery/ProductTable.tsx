import { DROP_REASONS } from './dropReasons';
import type { ProductTotal } from './dropRows';

/** Log drops per product (site or app), so an operator sees which one is losing its logs. */
export function ProductTable({ rows }: { rows: ProductTotal[] }) {
  return (
    <table className="table table--compact" data-testid="drop-products">
      <thead>
        <tr>
          <th>Product</th>
          <th className="num">Log occurrences</th>
          <th>By reason</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.product}>
            <td className="mono">{row.product}</td>
            <td className="num">{row.total}</td>
            <td className="small">{row.reasons.map((r) => `${DROP_REASONS[r.reason].label} ${r.count}`).join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
