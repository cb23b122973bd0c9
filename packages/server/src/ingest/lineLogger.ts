import type { FastifyBaseLogger } from 'fastify';

type Level = 'info' | 'warn' | 'error';

/**
 * One JSON line per entry on stdout, in the shape Fastify's logger writes (level, time, msg and
 * the entry's fields), for the worker, which has no Fastify instance of its own.
 */
export function createLineLogger(name: string): Pick<FastifyBaseLogger, Level> {
  const levels: Record<Level, number> = { info: 30, warn: 40, error: 50 };
  const write = (level: Level) => (first: unknown, message?: unknown) => {
    const fields = typeof first === 'object' && first !== null ? first : {};
    const msg = typeof first === 'string' ? first : message;
    process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), name, ...fields, msg })}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') } as Pick<FastifyBaseLogger, Level>;
}
