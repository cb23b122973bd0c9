import { httpRequest } from '../transport/index.js';
import { checkReply } from './checkReply.js';
import type { DynamicImportReply, DynamicImportRequest, LoaderLogger } from './contract.js';
import { loadScripts, loadStylesheet } from './loadAssets.js';
import { pageState } from './pageState.js';

/** Settings of {@link createComponentLoader}. */
export interface ComponentLoaderOptions {
  /** Default `/a/api/dynamic/import`. */
  endpoint?: string;
  /** Replies delivered with the page, by component path: used instead of asking the server. */
  preloaded?: Record<string, Partial<DynamicImportReply>>;
  /** Detect stylesheet completion by polling `document.styleSheets` every 50 ms. */
  pollStylesheets?: boolean;
  /** Time limit of stylesheet polling; default 10 s. */
  stylesheetTimeoutMs?: number;
  logger?: LoaderLogger;
}

/** Loads page components on demand. */
export interface ComponentLoader {
  /** Resolves with what the component's script defined (see defineComponent), or undefined. */
  load(componentPath: string, options?: Record<string, unknown>): Promise<unknown>;
  isLoaded(componentPath: string): boolean;
}

const r9version = (): string =>
  document.querySelector<HTMLMetaElement>('meta[name="r9-version"]')?.content ?? '';

// Loads in flight are shared only when they would ask the same thing: the same path with equal
// options (say, one locale), whatever order the caller wrote the options' keys in.
const loadKey = (componentPath: string, options: Record<string, unknown>): string =>
  componentPath +
  JSON.stringify(options, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );

/**
 * Creates the dynamic component loader. A load (1) uses an already defined component, else
 * (2) a preloaded entry, else (3) asks the server; then (4) merges the strings, images,
 * properties and resources, (5) loads scripts and stylesheets (each URL once per page) and
 * (6) marks the component loaded. Loads of one component with equal options share one pending
 * promise; a malformed reply rejects naming the field; a failed load is logged, rejects, and is
 * not kept, so the next call tries again (failed scripts and stylesheets from a fresh URL).
 */
export function createComponentLoader({
  endpoint = '/a/api/dynamic/import',
  preloaded = {},
  pollStylesheets,
  stylesheetTimeoutMs,
  logger,
}: ComponentLoaderOptions = {}): ComponentLoader {
  const report = (level: 'error' | 'warn', message: string) => {
    try {
      logger?.[level](message);
    } catch {
      // the logger failing must not change the load's outcome
    }
  };

  async function ask(componentPath: string, options: Record<string, unknown>): Promise<Partial<DynamicImportReply>> {
    const state = pageState();
    const body: DynamicImportRequest = {
      componentPath,
      ...options,
      loadedComponents: [...state.loaded],
      mappings: state.mappings,
      r9version: r9version(),
    };
    const { status, body: reply } = await httpRequest({
      url: endpoint,
      body: JSON.stringify(body),
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (status < 200 || status > 299) throw new Error(`Dynamic import failed, status: ${status}`);
    // httpRequest leaves the body undefined when the reply is not JSON: checkReply says so.
    return checkReply(componentPath, reply);
  }

  async function run(componentPath: string, options: Record<string, unknown>): Promise<unknown> {
    const state = pageState();
    try {
      const entry = preloaded[componentPath];
      const reply = entry ? checkReply(componentPath, entry) : await ask(componentPath, options);
      // Strings and the other maps go in first: the component's script may read them as it runs.
      Object.assign(state.strings, reply.stringMap);
      Object.assign(state.images, reply.imageMap);
      Object.assign(state.properties, reply.propertyMap);
      Object.assign(state.resources, reply.resourceMap);
      if (reply.live === false) report('warn', `Component ${componentPath} was served for another build of the page`);
      const sheet = { poll: pollStylesheets, timeoutMs: stylesheetTimeoutMs };
      await Promise.all([
        ...(reply.styles ?? []).map((url) => loadStylesheet(url, sheet)),
        loadScripts(reply.scripts ?? [], Object.values(reply.mappings ?? {})),
      ]);
      // Mappings tell the server what the page has, and it leaves those scripts and their styles
      // out of later replies: so they count only once everything of this reply has loaded.
      Object.assign(state.mappings, reply.mappings);
      state.failed.delete(componentPath);
      state.loaded.add(componentPath);
      return state.defined.get(componentPath);
    } catch (error) {
      state.failed.add(componentPath);
      throw error;
    }
  }

  return {
    load(componentPath, options = {}) {
      try {
        if (typeof componentPath !== 'string' || !componentPath) {
          return Promise.reject(new TypeError('load() needs a component path'));
        }
        const state = pageState();
        // Defined by the page's own bundle counts as loaded; defined by a load that then failed
        // (its stylesheet, say) does not, so the next call fetches what is missing.
        if (state.loaded.has(componentPath) || (state.defined.has(componentPath) && !state.failed.has(componentPath))) {
          return Promise.resolve(state.defined.get(componentPath));
        }
        const key = loadKey(componentPath, options);
        let pending = state.pending.get(key);
        if (!pending) {
          pending = run(componentPath, options).finally(() => state.pending.delete(key));
          pending.catch((error: unknown) => report('error', error instanceof Error ? error.message : String(error)));
          state.pending.set(key, pending);
        }
        return pending;
      } catch (error) {
        return Promise.reject(error);
      }
    },
    isLoaded: (componentPath) => pageState().loaded.has(componentPath),
  };
}
