import { describe, expect, it, vi } from 'vitest';
import { buildMessage } from './buildMessage.js';
import type { LogEntry } from './buildMessage.js';
import { captureGlobalErrors } from './captureGlobalErrors.js';

const fire = (type: string, fields: Record<string, unknown>) => {
  const event = new Event(type);
  Object.assign(event, fields);
  window.dispatchEvent(event);
};

describe('captureGlobalErrors', () => {
  it('reports error events as uncaught, with the event place and the error stack', () => {
    const log = vi.fn<(entry: LogEntry) => void>();
    const stop = captureGlobalErrors({ log });
    const error = new TypeError('x is undefined');
    error.stack = 'TypeError: x is undefined\n    at run (https://www.example.com/app.js:7:3)';
    fire('error', { error, message: 'Uncaught TypeError: x is undefined', filename: 'https://www.example.com/app.js', lineno: 7, colno: 3 });
    stop();
    const entry = log.mock.calls[0]?.[0] as LogEntry;
    expect(entry).toMatchObject({ level: 4, type: 'uncaught', lineNo: 7, colNo: 3 });
    const message = buildMessage(entry);
    expect(message).toMatchObject({ message: 'x is undefined', fileName: 'https://www.example.com/app.js', lineNo: 7, colNo: 3 });
    expect(message.parsedStackTrace[0]?.functionName).toBe('run');
  });

  it("places an uncaught error at its stack's top frame when WebKit's event names the throw's column", () => {
    const log = vi.fn<(entry: LogEntry) => void>();
    const stop = captureGlobalErrors({ log });
    const error = new Error('Demo: an uncaught error');
    // WebKitGTK 2.50: the frame is where the Error was made, the event's column the throw's end.
    error.stack = '@https://www.example.com/assets/app.js:1:1719';
    fire('error', { error, message: 'Error: Demo: an uncaught error', filename: 'https://www.example.com/assets/app.js', lineno: 1, colno: 1766 });
    stop();
    const message = buildMessage(log.mock.calls[0]?.[0] as LogEntry);
    expect(message).toMatchObject({ fileName: 'https://www.example.com/assets/app.js', lineNo: 1, colNo: 1719 });
  });

  it('reports cross-origin "Script error." events that carry no error object', () => {
    const log = vi.fn<(entry: LogEntry) => void>();
    const stop = captureGlobalErrors({ log });
    fire('error', { message: 'Script error.', filename: '', lineno: 0, colno: 0 });
    stop();
    expect(buildMessage(log.mock.calls[0]?.[0] as LogEntry)).toMatchObject({ message: 'Script error.', type: 'uncaught' });
  });

  it('reports unhandled rejections with Error and non-Error reasons', () => {
    const log = vi.fn<(entry: LogEntry) => void>();
    const stop = captureGlobalErrors({ log });
    fire('unhandledrejection', { reason: new Error('fetch failed') });
    fire('unhandledrejection', { reason: { code: 'E_TIMEOUT' } });
    stop();
    const messages = log.mock.calls.map(([entry]) => buildMessage(entry));
    expect(messages.map((m) => [m.type, m.message])).toEqual([
      ['unhandledrejection', 'fetch failed'],
      ['unhandledrejection', '{"code":"E_TIMEOUT"}'],
    ]);
  });

  it('stops listening when unsubscribed and survives a throwing logger', () => {
    const log = vi.fn(() => {
      throw new Error('logger bug');
    });
    const stop = captureGlobalErrors({ log });
    expect(() => fire('unhandledrejection', { reason: 'x' })).not.toThrow();
    stop();
    fire('unhandledrejection', { reason: 'y' });
    expect(log).toHaveBeenCalledTimes(1);
  });
});
