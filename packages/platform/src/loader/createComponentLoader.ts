import { httpRequest } from '../transport/index.js';
import type { DynamicImportReply, DynamicImportRequest, LoaderLogger } from './contract.js';
import { loadScript, loadStylesheet } from './loadAssets.js';
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

/**
 * Creates the dynamic component loader. A load (1) uses an already defined component, else
 * (2) a preloaded entry, else (3) asks the server; then (4) merges the strings, images,
 * properties and resources, (5) loads scripts and stylesheets (each URL once per page) and
 * (6) marks the component loaded. Loads of one component share one pending promise; a failed
 * load is logged, rejects, and is not kept, so the next call tries again.
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
    if (status < 200 || status > 299 || !reply || typeof reply !== 'object') {
      throw new Error(`Dynamic import failed, status: ${status}`);
    }
    return reply as Partial<DynamicImportReply>;
  }

  async function run(componentPath: string, options: Record<string, unknown>): Promise<unknown> {
    const state = pageState();
    const reply = preloaded[componentPath] ?? (await ask(componentPath, options));
    Object.assign(state.strings, reply.stringMap);
    Object.assign(state.images, reply.imageMap);
    Object.assign(state.properties, reply.propertyMap);
    Object.assign(state.resources, reply.resourceMap);
    Object.assign(state.mappings, reply.mappings);
    if (reply.live === false) report('warn', `Component ${componentPath} was served for another build of the page`);
    const sheet = { poll: pollStylesheets, timeoutMs: stylesheetTimeoutMs };
    await Promise.all([
      ...(reply.styles ?? []).map((url) => loadStylesheet(url, sheet)),
      ...(reply.scripts ?? []).map(loadScript),
    ]);
    state.loaded.add(componentPath);
    return state.defined.get(componentPath);
  }

  return {
    load(componentPath, options = {}) {
      try {
        if (typeof componentPath !== 'string' || !componentPath) {
          return Promise.reject(new TypeError('load() needs a component path'));
        }
        const state = pageState();
        if (state.defined.has(componentPath) || state.loaded.has(componentPath)) {
          return Promise.resolve(state.defined.get(componentPath));
        }
        let pending = state.pending.get(componentPath);
        if (!pending) {
          pending = run(componentPath, options).finally(() => state.pending.delete(componentPath));
          pending.catch((error: unknown) => report('error', error instanceof Error ? error.message : String(error)));
          state.pending.set(componentPath, pending);
        }
        return pending;
      } catch (error) {
        return Promise.reject(error);
      }
    },
    isLoaded: (componentPath) => pageState().loaded.has(componentPath),
  };
}
