import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.js';
import { sqliteMigrations } from './migrations/index.js';

// SHA-256 of each migration's SQL as it shipped. Databases in the field have run these exact
// statements; editing one would leave them on a schema no fresh database has. A change to the
// schema is a new numbered file, never an edit here.
const SHIPPED: Record<number, string> = {
  1: '0a58ab80307dcc6aa0d30f6f6e50c44da886e79e4302129307933f705ce5c3df',
  2: '92cdca02f96c73f6153c1a9c7afed74db78bdfd24dc4e2c301d6c9bdd09106a4',
  3: 'ffdee889bd959fb34832872ae1e9a4b3f8579c7aff5fc01cb94fe94cc649415c',
  4: '1708b12a722ea215f930afbc0f8541116c7b945801b9348fbc19f0b69276f096',
  5: 'b91d87874e9dba26658e94441a46073c5bbddf9cfa56f67bb20c623cc6d128f5',
  6: '40819da54f989c9fd069d584fbbe2865f1acb740ed40c2323b23c7b8aca8dd99',
  7: 'aaf71a968660fe457fbbc21f09d685169bbc4d79bb20295b86c3915f751dc402',
  8: '3de7fdf207614ef9f0dee7af72f47c63eaf1cb5f32fbe925e8ed6817d8f15450',
  9: '52636300c65d6f728272b829a40c71fa0fdecc0d97a3edf0b898457de858ec17',
  10: 'fcf4bbbbfbd9b991a0ca4841d9c9efa9d5029ed7293f6aaf3f72f3363193840b',
  11: '4683b0d54086fec2d211eb4706c6c02dcf2e07c65628cf67fdca6b5804e4443a',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('SQLite migrations', () => {
  it('keeps every shipped migration byte for byte', () => {
    for (const [version, hash] of Object.entries(SHIPPED)) {
      const migration = sqliteMigrations.find((m) => m.version === Number(version));
      expect(migration && sha256(migration.sql), `migration ${version}`).toBe(hash);
    }
  });

  it('numbers them 1, 2, 3… in order, one file each, named after its version', () => {
    expect(sqliteMigrations.map((m) => m.version)).toEqual(sqliteMigrations.map((_, i) => i + 1));
    const files = readdirSync(new URL('./migrations/', import.meta.url)).filter((f) => /^\d{3}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(files.map((f) => Number(f.slice(0, 3))).sort((a, b) => a - b)).toEqual(sqliteMigrations.map((m) => m.version));
  });

  it('brings a database from any version to the newest, running each pending one once', () => {
    const db = new Database(':memory:');
    try {
      expect(applyMigrations(db, sqliteMigrations.slice(0, 8))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(applyMigrations(db)).toEqual(sqliteMigrations.slice(8).map((m) => m.version));
      expect(applyMigrations(db)).toEqual([]);
      const recorded = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(recorded).toEqual(sqliteMigrations.map(({ version, name }) => ({ version, name })));
    } finally {
      db.close();
    }
  });
});
