import type { ClientLogMessage } from '../logs/contract.js';
import type { NewClientLog } from '../logs/ports.js';

/** A valid stored record, varied per test through `overrides`. */
export function newClientLog(overrides: Partial<NewClientLog> = {}): NewClientLog {
  return {
    messageId: 'm-1',
    groupId: 'g-1',
    product: 'flights',
    level: 4,
    type: 'uncaught',
    message: 'TypeError: x is undefined',
    fileName: 'https://example.test/assets/app.js',
    lineNo: 10,
    colNo: 5,
    stackTrace: ['at run (app.js:10:5)'],
    parsedStackTrace: [{ functionName: 'run', fileName: 'app.js', lineNo: 10, colNo: 5 }],
    occurrences: 1,
    receivedAt: 1_000,
    url: 'https://example.test/flights',
    userAgent: 'TestAgent/1.0',
    extraArgs: [],
    context: {},
    ...overrides,
  };
}

/** A valid wire message, varied per test through `overrides`. */
export function clientLogMessage(overrides: Partial<ClientLogMessage> = {}): ClientLogMessage {
  const message = overrides.message ?? 'TypeError: x is undefined';
  return {
    id: 'm-1',
    groupId: 'g-1',
    message,
    contentId: message.length,
    extraArgs: [],
    level: 4,
    type: 'uncaught',
    context: { url: 'https://example.test/flights' },
    occurrences: 1,
    timestamp: 1_700_000_000_000,
    stackTrace: ['at run (app.js:10:5)'],
    parsedStackTrace: [{ functionName: 'run', fileName: 'app.js', lineNo: 10, colNo: 5 }],
    fileName: 'app.js',
    lineNo: 10,
    colNo: 5,
    ...overrides,
  };
}
