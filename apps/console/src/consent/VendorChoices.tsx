import type { ConsentDay } from './consentApi';
import { vendorRows } from './consentRows';
import { ScrollRegion } from '../layout/ScrollRegion';

/**
 * Per vendor, the share of visitors who consented to it and who objected to its legitimate
 * interest over the window: a table, since six or six hundred vendors read best as rows.
 */
export function VendorChoices({ days, vendors }: { days: ConsentDay[]; vendors: { id: number; name: string }[] }) {
  const rows = vendorRows(days, vendors);
  return (
    <ScrollRegion label="Choices per vendor">
      <table className="table" data-testid="consent-vendors">
        <thead>
          <tr>
            <th>Vendor</th>
            <th className="num">Consented</th>
            <th className="num">Objected to legitimate interest</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-vendor={row.id}>
              <td>
                {row.name} <span className="muted">#{row.id}</span>
              </td>
              <td className="num" title={`${row.consented} of ${row.visitors}`}>
                {row.consentShare}% <span className="muted">({row.consented})</span>
              </td>
              <td className="num" title={`${row.objected} of ${row.visitors}`}>
                {row.objectionShare}% <span className="muted">({row.objected})</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
