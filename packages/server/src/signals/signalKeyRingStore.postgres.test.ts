import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../storage/postgres/createPostgresStore.js';
import { createTestDatabase } from '../storage/postgres/testing/testDatabase.js';
import type { TestDatabase } from '../storage/postgres/testing/testDatabase.js';
import type { Store } from '../storage/ports.js';
import { generateSignalKeys } from './signalKeys.js';
import { createStoredSignalKeyRing } from './signalKeyRingStore.js';

// The ring on PostgreSQL, each "instance" with its own pool: what no in-memory fake can show is
// that the database's getOrCreate settles real races between connections.
describe('the stored signals key ring on PostgreSQL', () => {
  let database: TestDatabase;
  const stores: Store[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 3; i++) stores.push(await createPostgresStore({ url: database.url }));
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await database?.drop();
  });

  it('gives instances starting together one key, and makes concurrent rotations one', async () => {
    const candidates = [generateSignalKeys(), generateSignalKeys(), generateSignalKeys()];
    const rotations = [generateSignalKeys(), generateSignalKeys(), generateSignalKeys()];
    // Every instance has read generation 0 before any writes generation 1: rotations of one base.
    let release: () => void = () => {};
    const allRead = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const generateAfterAll = (keys: (typeof rotations)[number]) => async () => {
      if ((asked += 1) === rotations.length) release();
      await allRead;
      return keys;
    };
    const rings = stores.map((store, i) =>
      createStoredSignalKeyRing(store.settings, { cacheMs: 0, initial: async () => candidates[i]!, generate: generateAfterAll(rotations[i]!) }),
    );
    await Promise.all(rings.map((ring) => ring.refresh()));
    const first = rings[0]!.current().kid;
    expect(rings.map((ring) => ring.current().kid)).toEqual([first, first, first]);
    expect(candidates.map((keys) => keys.kid)).toContain(first);

    const states = await Promise.all(rings.map((ring) => ring.rotate()));
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
    expect(states[0]!.previous?.kid).toBe(first);
    expect(rotations.map((keys) => keys.kid)).toContain(states[0]!.kid);
    await Promise.all(rings.map((ring) => ring.refresh()));
    for (const ring of rings) expect(ring.state()).toEqual(states[0]);
    expect(await stores[0]!.settings.get('signals.keyRing.0')).toBe('');
  });
});
