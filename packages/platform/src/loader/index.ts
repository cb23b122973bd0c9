/**
 * Dynamic component loading: `createComponentLoader` fetches a component's scripts, styles and
 * strings on demand (docs/loader.md); `resources` reads what loaded components brought;
 * `defineComponent` is what a component's own script calls to hand over its definition.
 */
export { createComponentLoader } from './createComponentLoader.js';
export type { ComponentLoader, ComponentLoaderOptions } from './createComponentLoader.js';
export { resources } from './resources.js';
export { defineComponent } from './pageState.js';
export type { DynamicImportReply, DynamicImportRequest, LoaderLogger } from './contract.js';
