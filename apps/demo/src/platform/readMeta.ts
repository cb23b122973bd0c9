/**
 * Reads a `<meta name=… content=…>` the server filled in. Empty placeholders count as absent,
 * because the dev server serves index.html unfilled.
 */
export function readMeta(name: string, doc: Document = document): string | undefined {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return content ? content : undefined;
}
