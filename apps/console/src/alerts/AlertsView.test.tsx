import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AlertDelivery, AlertRule } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { advanceTimers, fakeTimerRootForEachTest } from '../hooks/testing/fakeTimerRoot';
import { AlertsView } from './AlertsView';

const testRoot = fakeTimerRootForEachTest();

const stored: AlertRule = { id: 7, name: 'Regressions', kind: 'regression', webhookUrl: 'https://hooks.test/tarmac', enabled: true, createdAt: 0, updatedAt: 0 };
const delivery: AlertDelivery = {
  id: 3, ruleId: 7, ruleName: 'Regressions', kind: 'regression', subject: 'group:demo:g', summary: 'Regressed in 1.1.0 (demo): boom',
  status: 'pending', createdAt: 1_000, deliveredAt: null, nextAttemptAt: 5_000,
  attempts: [{ at: 1_000, status: 503, error: 'HTTP 503', durationMs: 12 }],
};

function fakeClient(send: ReturnType<typeof vi.fn> = vi.fn(() => Promise.resolve({}))) {
  const get = vi.fn((path: string) =>
    Promise.resolve(path.startsWith('/alerts/rules') ? { rules: [stored] } : { deliveries: [delivery] }),
  );
  return { client: { get, send } as unknown as ConsoleClient, get, send };
}
const $ = <T extends Element>(selector: string) => testRoot.container.querySelector<T>(selector)!;
const button = (text: string) => [...testRoot.container.querySelectorAll('button')].find((b) => b.textContent === text)!;
const click = (element: HTMLElement) => act(() => element.click());
function fill(name: string, value: string) {
  const field = $<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
const submit = () => act(() => void $('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

describe('AlertsView', () => {
  it('lists rules and the history with each delivery’s state and attempts', async () => {
    testRoot.render(<AlertsView client={fakeClient().client} />);
    await advanceTimers(0);
    expect($('[data-testid="alert-rule"]').textContent).toContain('Regressions');
    const row = $('[data-testid="alert-delivery"]');
    expect(row.getAttribute('data-status')).toBe('pending');
    expect(row.textContent).toContain('Regressed in 1.1.0 (demo): boom');
    expect(row.textContent).toContain('1 · last HTTP 503 (12 ms)');
  });

  it('creates a rule with the conditions of its kind, and shows the server’s refusal in the form', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('body/webhookUrl must not have a fragment')).mockResolvedValue({});
    testRoot.render(<AlertsView client={fakeClient(send).client} />);
    await advanceTimers(0);
    click(button('New rule'));
    fill('name', 'Busy checkout');
    fill('kind', 'group-rate');
    fill('threshold', '100');
    fill('webhookUrl', 'https://hooks.test/x#f');
    fill('secret', 'a-long-enough-secret');
    submit();
    await advanceTimers(0);
    expect($('form [role="alert"]').textContent).toBe('body/webhookUrl must not have a fragment');
    fill('webhookUrl', 'https://hooks.test/x');
    submit();
    await advanceTimers(0);
    expect(send).toHaveBeenLastCalledWith('POST', '/alerts/rules', {
      name: 'Busy checkout', kind: 'group-rate', webhookUrl: 'https://hooks.test/x', enabled: true, secret: 'a-long-enough-secret', threshold: 100,
    });
    expect(testRoot.container.querySelector('form')).toBeNull();
    expect($('[role="status"]').textContent).toBe('Rule created.');
  });

  it('edits without resending the secret, sends a test, and deletes only after confirming', async () => {
    const { client, send } = fakeClient();
    testRoot.render(<AlertsView client={client} />);
    await advanceTimers(0);
    click(button('Edit'));
    fill('product', 'demo');
    submit();
    await advanceTimers(0);
    expect(send).toHaveBeenLastCalledWith('PUT', '/alerts/rules/7', { name: 'Regressions', kind: 'regression', webhookUrl: stored.webhookUrl, enabled: true, product: 'demo' });
    click(button('Send test'));
    await advanceTimers(0);
    expect(send).toHaveBeenLastCalledWith('POST', '/alerts/rules/7/test');
    click(button('Delete'));
    expect(send).toHaveBeenCalledTimes(2);
    click(button('Confirm delete'));
    await advanceTimers(0);
    expect(send).toHaveBeenLastCalledWith('DELETE', '/alerts/rules/7');
  });

  it('shows one rule’s history when its name is clicked', async () => {
    const { client, get } = fakeClient();
    testRoot.render(<AlertsView client={client} />);
    await advanceTimers(0);
    click(button('Regressions'));
    await advanceTimers(0);
    expect(get).toHaveBeenLastCalledWith('/alerts/deliveries?limit=100&ruleId=7', expect.any(AbortSignal));
  });
});
