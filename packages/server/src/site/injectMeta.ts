const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

/** Escapes a value for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * Adds `<meta name=… content=…>` tags right after `<head>`, where the page's platform code reads
 * them (form token, build version) before anything else runs, then `after` (markup the server
 * made safe, such as the consent bootstrap block). Without a head tag (a broken build) the tags
 * go first, which browsers still place in the head.
 */
export function injectMeta(html: string, meta: Record<string, string>, after = ''): string {
  const tags =
    Object.entries(meta)
      .map(([name, content]) => `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`)
      .join('') + after;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return tags + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + tags + html.slice(at);
}
