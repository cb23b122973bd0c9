/** A thrown value reduced to what the error box and the logger show. */
export interface ErrorDescription {
  name: string;
  message: string;
  stack?: string;
}

/**
 * Components can throw anything (strings, rejected fetch responses, `null`), so the box
 * and the report never assume an `Error` instance.
 */
export function describeError(thrown: unknown): ErrorDescription {
  if (thrown instanceof Error) {
    return { name: thrown.name || 'Error', message: thrown.message, stack: thrown.stack };
  }
  if (typeof thrown === 'string') return { name: 'Error', message: thrown };
  let message: string;
  try {
    message = JSON.stringify(thrown) ?? String(thrown);
  } catch {
    message = String(thrown);
  }
  return { name: 'Error', message };
}
