import { escapeAttribute } from './injectMeta.js';

/**
 * The page served instead of a crash when a front end was not built: it tells the person
 * running the server what to do. Its style is a <style> element, not an attribute, so the page's
 * CSP can allow it by hash like any inline code of ours.
 */
export function missingBuildPage(what: string, dir: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tarmac: ${escapeAttribute(what)} not built</title>
<style>body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5 }</style></head>
<body>
<h1>The ${escapeAttribute(what)} is not built yet</h1>
<p>The server is running, but found no <code>index.html</code> in <code>${escapeAttribute(dir)}</code>.</p>
<p>Run <code>npm run build</code> in the repository (or start with <code>npm start</code>, which builds first), then reload this page.</p>
</body></html>
`;
}
