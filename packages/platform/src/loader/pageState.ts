/**
 * What one page knows about dynamic components, shared by every loader and every copy of this
 * module in the page (a component chunk may bundle its own copy): definitions, merged resource
 * maps, loaded components and the asset and component loads made so far.
 */
export interface PageState {
  defined: Map<string, unknown>;
  loaded: Set<string>;
  pending: Map<string, Promise<unknown>>;
  /** Script and stylesheet URL → its one load, so each URL is fetched once per page. */
  assets: Map<string, Promise<void>>;
  strings: Record<string, string>;
  images: Record<string, string>;
  properties: Record<string, unknown>;
  resources: Record<string, unknown>;
  mappings: Record<string, string>;
}

const KEY = Symbol.for('tarmac.loader.page');

/** The page's state, created on first use (importing the module creates nothing). */
export function pageState(): PageState {
  const holder = globalThis as { [KEY]?: PageState };
  return (holder[KEY] ??= {
    defined: new Map(),
    loaded: new Set(),
    pending: new Map(),
    assets: new Map(),
    strings: {},
    images: {},
    properties: {},
    resources: {},
    mappings: {},
  });
}

/** Forgets everything; for tests, which need a fresh page per case. */
export function resetPageState(): void {
  delete (globalThis as { [KEY]?: PageState })[KEY];
}

/**
 * Registers what a component script defines (usually its React component), under the path the
 * loader was asked for. Component chunks call this when they run; `load()` resolves with it.
 */
export function defineComponent(componentPath: string, definition: unknown): void {
  pageState().defined.set(componentPath, definition);
}
