// Where a service for the tests (PostgreSQL, NATS) comes from, decided in one place so the order
// is testable without any server: the decisions take their probes and actions as arguments.

/** A service the tests need could not be provided; `message` says how to provide it. */
export class ServiceUnavailableError extends Error {
  name = 'ServiceUnavailableError';
}

/** `url` with any password replaced, for messages: a URL from the environment may carry one. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

const answers = async (probe, url) => {
  try {
    return (await probe(url)) === true;
  } catch {
    return false;
  }
};

/**
 * Resolves one service, in this order:
 * 1. `env[envVar]` when set (it must answer: a URL someone set on purpose is never replaced by
 *    another server behind their back);
 * 2. a server answering at `localUrl` (the standard local port);
 * 3. a private instance (`startPrivate()`), after installing the binaries when they are missing
 *    and `canInstall()` (Debian, root) — `install()` resolves with whether it worked;
 * 4. otherwise a ServiceUnavailableError whose message ends with `help`.
 * Resolves with `{ source: 'env' | 'local' | 'private', url, stop() }`.
 */
export async function resolveService(spec) {
  const { name, envVar, env, localUrl, probe, binariesPresent, canInstall, install, startPrivate, help } = spec;
  const fromEnv = env[envVar];
  if (fromEnv) {
    if (await answers(probe, fromEnv)) return { source: 'env', url: fromEnv, stop: async () => {} };
    throw new ServiceUnavailableError(`${envVar} is set to ${redactUrl(fromEnv)}, but no ${name} answers there.\n${help}`);
  }
  if (await answers(probe, localUrl)) return { source: 'local', url: localUrl, stop: async () => {} };
  let present = binariesPresent();
  if (!present && canInstall()) present = await install();
  if (!present) {
    throw new ServiceUnavailableError(`No ${name} for the tests: ${envVar} is unset, nothing answers at ${localUrl}, and it is not installed here.\n${help}`);
  }
  const instance = await startPrivate();
  return { source: 'private', url: instance.url, stop: () => instance.stop() };
}
