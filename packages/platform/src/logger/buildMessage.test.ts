import { describe, expect, it } from 'vitest';
import { buildMessage } from './buildMessage.js';
import { LogLevel } from './levels.js';

const chromeError = () => {
  const error = new TypeError('No fare for jane@example.com');
  error.stack = [
    'TypeError: No fare for jane@example.com',
    '    at pickFare (https://www.example.com/assets/app.js:12:34)',
    '    at https://www.example.com/assets/app.js:20:5',
  ].join('\n');
  return error;
};

describe('buildMessage', () => {
  it('uses an Error message and stack and takes the place from the top frame', () => {
    const message = buildMessage({ level: LogLevel.ERROR, type: 'log', message: chromeError() });
    expect(message).toMatchObject({
      message: 'No fare for {email}',
      contentId: 'No fare for {email}'.length,
      level: 4,
      type: 'log',
      occurrences: 1,
      extraArgs: [],
      fileName: 'https://www.example.com/assets/app.js',
      lineNo: 12,
      colNo: 34,
    });
    expect(message.stackTrace[0]).toBe('TypeError: No fare for {email}');
    expect(message.stackTrace).toHaveLength(3);
    expect(message.parsedStackTrace).toHaveLength(2);
    expect(message.id).toMatch(/^[\w-]{8,64}$/);
    expect(message.groupId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('scrubs and cuts extra arguments; objects and Errors become text', () => {
    const loop: Record<string, unknown> = { who: 'bob@example.org' };
    loop.loop = loop;
    const message = buildMessage({
      level: LogLevel.WARN,
      type: 'log',
      message: { code: 7 },
      extraArgs: ['x'.repeat(3000), loop, chromeError(), ...Array.from({ length: 30 }, (_, i) => i)],
    });
    expect(message.message).toBe('{"code":7}');
    expect(message.extraArgs).toHaveLength(20);
    expect(message.extraArgs[0]).toHaveLength(1000);
    expect(message.extraArgs[1]).toBe('{"who":"{email}","loop":"[Circular]"}');
    expect(message.extraArgs[2]).toContain('at pickFare');
    expect(message.extraArgs.join()).not.toContain('@example');
    expect(message.stackTrace).toEqual([]);
    expect(message.fileName).toBeUndefined();
  });

  it('prefers an error event place, cuts the message and cleans the context', () => {
    const message = buildMessage({
      level: LogLevel.ERROR,
      type: 'uncaught',
      message: 'y'.repeat(1500),
      fileName: 'https://www.example.com/inline.js',
      lineNo: 3,
      colNo: 9,
      context: { url: 'https://www.example.com/?u=ann@example.com', ok: true, n: 1, bad: { x: 1 }, nan: NaN },
    });
    expect(message.message).toHaveLength(1000);
    expect(message.contentId).toBe(1000);
    expect(message).toMatchObject({ fileName: 'https://www.example.com/inline.js', lineNo: 3, colNo: 9 });
    expect(message.context).toEqual({ url: 'https://www.example.com/?u={email}', ok: true, n: 1 });
  });

  it('keeps stacks to 50 lines of at most 1000 characters', () => {
    const error = new Error('deep');
    error.stack = Array.from({ length: 70 }, (_, i) => `    at f${i} (https://x.example/${'p'.repeat(1200)}.js:${i + 1}:1)`).join('\n');
    const message = buildMessage({ level: LogLevel.ERROR, type: 'log', message: error });
    expect(message.stackTrace).toHaveLength(50);
    expect(message.stackTrace.every((line) => line.length <= 1000)).toBe(true);
  });
});
