/**
 * What one page knows about dynamic components, shared by every loader and every copy of this
 * module in the page (a component chunk may bundle its own copy): definitions, merged resource
 * maps, loaded components and the asset and component loads made so far.
 */
export interface PageState {
  defined: Map<string, unknown>;
  loaded: Set<string>;
  /** Loads in flight, by component path and options (see loadKey), so equal calls share one. */
  pending: Map<string, Promise<unknown>>;
  /**
   * Components whose last load failed. Their script may have run and defined them even though a
   * stylesheet failed, so a definition alone must not count as loaded for these.
   */
  failed: Set<string>;
  /** Script and stylesheet URL → its one load, so each URL is fetched once per page. */
  assets: Map<string, Promise<void>>;
  /** Asset URL → how many of its loads failed; a retry asks for a fresh URL (see loadAssets). */
  failures: Map<string, number>;
  strings: Record<string, string>;
  images: Record<string, string>;
  properties: Record<string, unknown>;
  resources: Record<string, unknown>;
  mappings: Record<string, string>;
}

const KEY = Symbol.for('tarmac.loader.page');

/**
 * The page's state, created on first use (importing the module creates nothing). A state made by
 * an older copy of this module (a component chunk built before a field existed) gets the missing
 * fields added, keeping everything it already holds.
 */
export function pageState(): PageState {
  const holder = globalThis as { [KEY]?: PageState };
  const state = holder[KEY];
  if (state?.failures) return state;
  return (holder[KEY] = {
    defined: new Map(),
    loaded: new Set(),
    pending: new Map(),
    failed: new Set(),
    assets: new Map(),
    failures: new Map(),
    strings: {},
    images: {},
    properties: {},
    resources: {},
    mappings: {},
    ...state,
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
