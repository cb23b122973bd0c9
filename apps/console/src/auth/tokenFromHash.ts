/**
 * The token in a `#token=…` fragment (other fragment parameters are allowed). Links of that
 * form sign an operator in directly, and a fragment is never sent to any server or Referer.
 */
export function tokenFromHash(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token')?.trim();
  return token ? token : undefined;
}

/** The same fragment without its token, so unrelated parameters survive the clean-up. */
export function hashWithoutToken(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('token');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}
