/**
 * An Error as text worth reading: the stack when there is one (Firefox and Safari stacks lack
 * the message line, so it is put in front of them), else "Name: message".
 */
export function describeError(error: Error): string {
  const head = `${error.name}: ${error.message}`;
  const stack = typeof error.stack === 'string' ? error.stack : '';
  if (!stack) return head;
  return stack.includes(error.message) ? stack : `${head}\n${stack}`;
}

/**
 * Any value logged as an extra argument turned into text. Objects become JSON that survives
 * cycles, BigInt, functions and nested Errors, because a logger that throws on a user's
 * object would lose exactly the message someone needed.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return describeError(value);
  if (value === null || typeof value !== 'object') return String(value);
  try {
    return JSON.stringify(value, jsonSafe()) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function jsonSafe(): (this: unknown, key: string, value: unknown) => unknown {
  // The objects on the path from the root to the value being written: only a value that is
  // its own ancestor is a cycle; an object merely seen twice (shared, not circular) is written.
  const path: unknown[] = [];
  return function (this: unknown, _key, value) {
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
    if (typeof value === 'symbol') return value.toString();
    if (value === null || typeof value !== 'object') return value;
    while (path.length > 0 && path[path.length - 1] !== this) path.pop();
    if (path.includes(value)) return '[Circular]';
    const written = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
    // The written object becomes the holder of its children, so that is what the path tracks.
    path.push(written);
    return written;
  };
}
