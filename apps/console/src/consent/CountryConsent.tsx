import type { ConsentCountry } from './consentApi';
import { countryRows, usnatTotals } from './countryRows';

const pct = (value: number) => `${value}%`;
// A regime nobody in the country answered shows a dash, not a misleading 0 %.
const share = (visitors: number, value: number) => (visitors ? pct(value) : '–');

/**
 * US National opt-outs (sale, sharing, targeted advertising) and GPC beside the TCF choices, per
 * country: each visitor counted once in the window, by their last choice, under the country that
 * choice came from. The cards total the US answers over every country.
 */
export function CountryConsent({ countries }: { countries: ConsentCountry[] }) {
  const us = usnatTotals(countries);
  return (
    <>
      <div className="consent-view__cards" data-testid="consent-us-totals">
        <div className="consent-view__card" title="Visitors who made a US privacy choice (or sent GPC with one), each counted once in the window">
          <span>US visitors who chose</span><strong>{us.visitors}</strong>
        </div>
        <div className="consent-view__card"><span>Opted out of sale</span><strong>{share(us.visitors, us.saleShare)}</strong></div>
        <div className="consent-view__card"><span>Opted out of sharing</span><strong>{share(us.visitors, us.sharingShare)}</strong></div>
        <div className="consent-view__card"><span>Opted out of targeted ads</span><strong>{share(us.visitors, us.targetedShare)}</strong></div>
        <div className="consent-view__card"><span>GPC</span><strong>{share(us.visitors, us.gpcShare)}</strong></div>
      </div>
      <div className="consent-view__scroll">
        <table className="consent-view__countries" data-testid="consent-countries">
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>Country</th>
              <th scope="colgroup" colSpan={4}>TCF choices</th>
              <th scope="colgroup" colSpan={5}>US opt-outs</th>
            </tr>
            <tr>
              <th scope="col">Visitors</th><th scope="col">Accept all</th><th scope="col">Reject all</th><th scope="col">Custom</th>
              <th scope="col">Visitors</th><th scope="col">Sale</th><th scope="col">Sharing</th><th scope="col">Targeted ads</th><th scope="col">GPC</th>
            </tr>
          </thead>
          <tbody>
            {countryRows(countries).map((r) => (
              <tr key={r.key} data-country={r.code ?? 'unknown'}>
                <th scope="row" title={r.code ?? 'choices stored before the country was recorded'}>{r.name}</th>
                <td>{r.tcfVisitors}</td>
                <td>{share(r.tcfVisitors, r.acceptShare)}</td>
                <td>{share(r.tcfVisitors, r.rejectShare)}</td>
                <td>{share(r.tcfVisitors, r.customShare)}</td>
                <td>{r.usVisitors}</td>
                <td>{share(r.usVisitors, r.saleShare)}</td>
                <td>{share(r.usVisitors, r.sharingShare)}</td>
                <td>{share(r.usVisitors, r.targetedShare)}</td>
                <td>{share(r.usVisitors, r.gpcShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
