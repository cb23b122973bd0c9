/**
 * Breadcrumbs: the page's last 30 navigations, clicks, console calls and requests, attached to
 * the errors a logger sends. Wire format: docs/client-logs.md ("Breadcrumbs").
 */
export { startBreadcrumbs } from './startBreadcrumbs.js';
export type { BreadcrumbOptions, Breadcrumbs } from './startBreadcrumbs.js';
