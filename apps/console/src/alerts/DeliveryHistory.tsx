import type { AlertAttempt, AlertDelivery } from '@tarmac/server/contracts';
import { absoluteTime, relativeTime } from '../format/relativeTime';
import { ScrollRegion } from '../layout/ScrollRegion';

interface DeliveryHistoryProps {
  deliveries: AlertDelivery[] | undefined;
  now: number;
}

const attemptText = (attempt: AlertAttempt): string =>
  `${absoluteTime(attempt.at)} — ${attempt.status === 0 ? attempt.error ?? 'no response' : `HTTP ${attempt.status}`} (${attempt.durationMs} ms)`;

/** What each alert was and how its delivery went: every attempt, and when the next one is due. */
export function DeliveryHistory({ deliveries, now }: DeliveryHistoryProps) {
  return (
    <ScrollRegion label="Alert history">
      <table className="table table--compact" data-testid="alert-deliveries">
        <thead>
          <tr>
            <th scope="col">Fired</th>
            <th scope="col">Rule</th>
            <th scope="col">Alert</th>
            <th scope="col">Delivery</th>
            <th scope="col">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {!deliveries || deliveries.length === 0 ? (
            <tr>
              <td colSpan={5} className="table__empty">{!deliveries ? 'Loading…' : 'No alert fired yet — a rule fires when its condition is met; “Send test” delivers one now.'}</td>
            </tr>
          ) : null}
          {deliveries?.map((d) => (
            <tr key={d.id} data-testid="alert-delivery" data-status={d.status}>
              <td className="nowrap" title={absoluteTime(d.createdAt)}>{relativeTime(d.createdAt, now)}</td>
              <td>{d.ruleName}</td>
              <td className="break">
                {d.kind === 'test' ? <span className="muted">[test] </span> : null}
                {d.summary}
              </td>
              <td className="nowrap">
                <span className={`alerts__status alerts__status--${d.status}`}>{d.status}</span>
                {d.nextAttemptAt !== null ? <div className="muted small">next {absoluteTime(d.nextAttemptAt)}</div> : null}
              </td>
              <td className="small">
                {d.attempts.length === 0 ? (
                  <span className="muted">none yet</span>
                ) : (
                  <details>
                    <summary>
                      {d.attempts.length} · last {attemptText(d.attempts.at(-1)!).split(' — ')[1]}
                    </summary>
                    <ol className="alerts__attempts">
                      {d.attempts.map((a, i) => <li key={i}>{attemptText(a)}</li>)}
                    </ol>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
