import { describe, expect, it } from 'vitest';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** The settings port: named values every instance agrees on, one winner when many create at once. */
export function describeSettingsPort(open: OpenStore): void {
  describe('settings port', () => {
    const store = storePerTest(open);
    const settings = () => store().settings;

    it('reads null for a key never set, then the last value set', async () => {
      expect(await settings().get('logs')).toBeNull();
      await settings().set('logs', '{"stopLogging":true}');
      await settings().set('other', 'x');
      await settings().set('logs', '{"stopLogging":false,"ignore":[{"message":"ünïcode ✓"}]}');
      expect(await settings().get('logs')).toBe('{"stopLogging":false,"ignore":[{"message":"ünïcode ✓"}]}');
      expect(await settings().get('other')).toBe('x');
      await settings().set('other', '');
      expect(await settings().get('other')).toBe('');
    });

    it('creates a value once: getOrCreate keeps what is stored and stores its candidate only when there is none', async () => {
      expect(await settings().getOrCreate('secret', 'first')).toBe('first');
      expect(await settings().getOrCreate('secret', 'second')).toBe('first');
      expect(await settings().get('secret')).toBe('first');
      await settings().set('secret', 'rotated');
      expect(await settings().getOrCreate('secret', 'third')).toBe('rotated');
    });

    it('gives every instance starting together the same winner', async () => {
      const candidates = Array.from({ length: 8 }, (_, i) => `candidate-${i}`);
      const answers = await Promise.all(candidates.map((value) => settings().getOrCreate('session-secret', value)));
      const winner = answers[0];
      expect(candidates).toContain(winner);
      expect(answers).toEqual(candidates.map(() => winner));
      expect(await settings().get('session-secret')).toBe(winner);
    });
  });
}
