/**
 * An id unique enough to tell items apart on the server (it dedupes retries by it), and the
 * same in every browser: `crypto.randomUUID` needs a secure context, which many pages are not.
 */
export const newId = (): string => Date.now().toString(36) + Math.random().toString(36).slice(2);
