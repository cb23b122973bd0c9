import type { ClientLogMessage } from '../logs/contract.js';
import type { NewClientLog } from '../logs/ports.js';
import { logRecord } from '../storage/conformance/fixtures.js';

/** A valid stored record, varied per test through `overrides`: the conformance suites' record, received at 1 s. */
export function newClientLog(overrides: Partial<NewClientLog> = {}): NewClientLog {
  return logRecord({ receivedAt: 1_000, ...overrides });
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
