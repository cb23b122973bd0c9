import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendBeacon } from './beacon.js';

afterEach(() => vi.restoreAllMocks());

const mockBeacon = (accepted: boolean) => {
  const beacon = vi.fn(() => accepted);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  return beacon;
};

describe('sendBeacon', () => {
  it('sends JSON as a typed Blob', async () => {
    const beacon = mockBeacon(true);
    expect(sendBeacon('/log', '{"a":1}')).toBe(true);
    const data = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(data[0]).toBe('/log');
    expect(data[1]).toBeInstanceOf(Blob);
    expect(data[1].type).toBe('application/json');
    expect(await data[1].text()).toBe('{"a":1}');
  });

  it('sends other types (text/plain, safe cross-origin) as Blobs of that type and reports refusal', async () => {
    const beacon = mockBeacon(false);
    expect(sendBeacon('/a', 'payload', 'text/plain')).toBe(false);
    const data = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(data[0]).toBe('/a');
    expect(data[1].type).toBe('text/plain');
    expect(await data[1].text()).toBe('payload');
  });

  it('returns false when the browser has no beacon or it throws', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    expect(sendBeacon('/a', 'x')).toBe(false);
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new TypeError('Illegal invocation');
      },
      configurable: true,
      writable: true,
    });
    expect(sendBeacon('/a', 'x')).toBe(false);
  });
});
