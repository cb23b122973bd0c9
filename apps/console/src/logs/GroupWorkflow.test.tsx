import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GroupState } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { advanceTimers, fakeTimerRootForEachTest } from '../hooks/testing/fakeTimerRoot';
import { GroupWorkflow } from './GroupWorkflow';

const testRoot = fakeTimerRootForEachTest();
const unresolved: GroupState = {
  status: 'unresolved', firstRelease: 'r1', lastRelease: 'r2', resolvedInRelease: null, statusChangedAt: null,
  regressedInRelease: null, ignoreOccurrencesLeft: null, ignoreUntil: null,
};

function render(state: GroupState, send = vi.fn().mockResolvedValue(state), onChanged = vi.fn()) {
  testRoot.render(<GroupWorkflow client={{ send } as unknown as ConsoleClient} groupId="demo:g" state={state} onChanged={onChanged} />);
  return { send, onChanged };
}
const buttons = () => [...testRoot.container.querySelectorAll('button')].map((b) => b.textContent);
const click = (label: string) =>
  act(() => [...testRoot.container.querySelectorAll('button')].find((b) => b.textContent === label)!.click());

describe('GroupWorkflow', () => {
  it('resolves an open group and tells the detail and list to refresh', async () => {
    const { send, onChanged } = render(unresolved);
    expect(buttons()).toEqual(['Resolve']);
    click('Resolve');
    await advanceTimers(0);
    expect(send).toHaveBeenCalledWith('PUT', '/logs/groups/demo%3Ag/status', { status: 'resolved' });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('ignores with the chosen limit', async () => {
    const { send } = render(unresolved);
    const select = testRoot.container.querySelector<HTMLSelectElement>('select[aria-label="Ignore"]')!;
    const option = [...select.options].findIndex((o) => o.textContent === 'For 24 hours');
    await act(async () => {
      select.value = String(option - 1); // the first option is the "Ignore…" placeholder
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(send).toHaveBeenCalledWith('PUT', '/logs/groups/demo%3Ag/status', { status: 'ignored', ignoreMinutes: 1440 });
  });

  it('offers reopen on a resolved group, and shows a failure', async () => {
    const send = vi.fn().mockRejectedValue(new Error('No such log group'));
    const { onChanged } = render({ ...unresolved, status: 'resolved', resolvedInRelease: 'r2' }, send);
    expect(buttons()).toEqual(['Reopen']);
    expect(testRoot.container.querySelector('[data-testid="group-state"]')?.textContent).toBe('Resolved in r2: it regresses if it occurs in a newer release.');
    click('Reopen');
    await advanceTimers(0);
    expect(send).toHaveBeenCalledWith('PUT', '/logs/groups/demo%3Ag/status', { status: 'unresolved' });
    expect(testRoot.container.querySelector('[role="alert"]')?.textContent).toContain('No such log group');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
