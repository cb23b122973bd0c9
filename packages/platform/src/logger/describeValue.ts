/**
 * Any logged value as text. An Error gives its stack (Firefox and Safari stacks lack the
 * message line, so "Name: message" is put in front of them). Objects become JSON that
 * survives cycles, BigInt, functions and nested Errors (symbols are left out, as JSON does), because a logger that throws on a
 * user's object would lose exactly the message someone needed.
 */
export function describeValue(value: unknown): string {
  // The objects on the path from the root to the value being written: only a value that is
  // its own ancestor is a cycle; an object merely seen twice (shared, not circular) is written.
  const path: unknown[] = [];
  try {
    if (value instanceof Error) {
      const { name, message, stack } = value;
      const head = `${name}: ${message}`;
      return !stack ? head : stack.includes(message) ? stack : `${head}\n${stack}`;
    }
    if (!value || typeof value !== 'object') return String(value);
    return (
      JSON.stringify(value, function (this: unknown, _key, item: unknown) {
        if (typeof item === 'bigint') return `${item}n`;
        if (typeof item === 'function') return `[Function ${item.name || 'anonymous'}]`;
        if (!item || typeof item !== 'object') return item;
        while (path.length && path[path.length - 1] !== this) path.pop();
        if (path.includes(item)) return '[Circular]';
        // The written object becomes the holder of its children, so that is what the path tracks.
        if (item instanceof Error) item = { name: item.name, message: item.message, stack: item.stack };
        path.push(item);
        return item;
      }) ?? String(value)
    );
  } catch {
    return {}.toString.call(value);
  }
}
