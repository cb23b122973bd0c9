import { describe, expect, it } from 'vitest';
import { describeUrl, readIngestConfig } from './ingestConfig.js';
import { readServerConfig } from './serverConfig.js';

const PG = 'postgres://tarmac:s3cret@db.internal:5432/tarmac';

describe('the ingest settings of readServerConfig', () => {
  it('writes directly when NATS_URL is unset, exactly as before', () => {
    expect(readServerConfig({}).ingest).toEqual({ natsUrl: undefined, stream: 'TARMAC_INGEST', writers: 0 });
    expect(readServerConfig({ DATABASE_URL: PG }).ingest.natsUrl).toBeUndefined();
  });

  it('goes through JetStream with one writer in the process when NATS_URL is set', () => {
    expect(readServerConfig({ DATABASE_URL: PG, NATS_URL: 'nats://nats:4222' }).ingest).toEqual({
      natsUrl: 'nats://nats:4222',
      stream: 'TARMAC_INGEST',
      writers: 1,
    });
    expect(readIngestConfig({ NATS_URL: 'nats://a:4222,nats://b:4222', NATS_STREAM: 'EU_INGEST', INGEST_WRITERS: '0' }, PG)).toEqual({
      natsUrl: 'nats://a:4222,nats://b:4222',
      stream: 'EU_INGEST',
      writers: 0,
    });
  });

  it.each([
    [{ NATS_URL: 'nats://nats:4222' }, /NATS_URL is set without DATABASE_URL/],
    [{ DATABASE_URL: PG, NATS_URL: 'http://nats:4222' }, /NATS_URL must be/],
    [{ DATABASE_URL: PG, NATS_URL: 'nats://n:4222', NATS_STREAM: 'a.b' }, /NATS_STREAM/],
    [{ DATABASE_URL: PG, NATS_URL: 'nats://n:4222', INGEST_WRITERS: 'two' }, /INGEST_WRITERS/],
    [{ DATABASE_URL: PG, NATS_URL: 'nats://n:4222', INGEST_WRITERS: '-1' }, /INGEST_WRITERS/],
    [{ INGEST_WRITERS: '2' }, /INGEST_WRITERS needs NATS_URL/],
    [{ DATABASE_URL: 'mysql://db/tarmac' }, /DATABASE_URL must be a postgres/],
  ])('refuses %j, naming the variable', (env, error) => {
    expect(() => readServerConfig(env)).toThrow(error);
  });
});

describe('describeUrl', () => {
  it('keeps scheme, host and port, never credentials or query strings', () => {
    expect(describeUrl(PG)).toBe('postgres://db.internal:5432');
    expect(describeUrl('postgres://u:p@db/tarmac?password=x&sslmode=require')).toBe('postgres://db');
    expect(describeUrl('nats://token@a:4222, tls://user:pw@b:4443')).toBe('nats://a:4222,tls://b:4443');
    expect(describeUrl('not a url with password hunter2')).not.toContain('hunter2');
  });
});
