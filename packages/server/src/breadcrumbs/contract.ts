/**
 * Breadcrumbs as the console reads them (docs/client-logs.md, "Breadcrumbs"): the trail a page
 * attached to an error, parsed from the `crumbs.<n>` context keys it travels in.
 */

/** What a breadcrumb records. */
export type BreadcrumbCategory = 'navigation' | 'click' | 'console' | 'fetch' | 'xhr';

/** One step of the trail. Request fields are present when the line carried them whole. */
export interface Breadcrumb {
  /** Epoch ms in the page's clock. */
  at: number;
  category: BreadcrumbCategory;
  /** Navigation: the path; click: the element; console: the first argument; request: method and URL. */
  message: string;
  /** Console calls: debug, info, log, warn or error. */
  level?: string;
  method?: string;
  url?: string;
  /** 0 when the request got no response. */
  status?: number;
  durationMs?: number;
}

/** One stored occurrence's trail, oldest step first. */
export interface OccurrenceTrail {
  occurrenceId: string;
  receivedAt: number;
  url: string | null;
  breadcrumbs: Breadcrumb[];
}

/** `GET /console/api/logs/groups/:groupId/breadcrumbs`: the trails of the group's newest occurrences that have one, newest first. */
export interface GroupBreadcrumbs {
  groupId: string;
  occurrences: OccurrenceTrail[];
}
