/**
 * A travel site's browsers, roughly: most Chromium, a third WebKit (Safari, every iPhone), a few
 * Firefox, a few bots. Picked from the report's id, not drawn, so the values of a seed stay what
 * they were; the rollups then hold every family's rows, as a real site's do.
 */
const SEED_AGENTS: ReadonlyArray<readonly [number, string]> = [
  [60, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  [93, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'],
  [98, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [100, 'tarmac-seed'],
];

/** The user agent of report `id`, by a hash of the id into the shares above. */
export function seedUserAgent(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) >>> 0;
  const at = hash % 100;
  return SEED_AGENTS.find(([upTo]) => at < upTo)![1];
}
