import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ConsoleClient } from '../api/client';

/** What every console view receives: the signed-in API client. */
export interface SectionProps {
  client: ConsoleClient;
}

type ViewModule = { default: ComponentType<SectionProps> };

/** One entry of the left navigation; `view` absent means the section is still to come. */
export interface Section {
  id: string;
  label: string;
  /** The view, fetched as its own chunk the first time it renders. */
  view?: LazyExoticComponent<ComponentType<SectionProps>>;
  /** Starts fetching the view's chunk (on hover or focus of its link), so a click shows it sooner. */
  preload?(): void;
}

/**
 * A section whose view is code-split: `load` is a dynamic import, so the first screen carries only
 * the shell and each section's code (and the chart library) arrives when it is opened.
 */
function section(id: string, label: string, load?: () => Promise<ViewModule>): Section {
  if (!load) return { id, label };
  let pending: Promise<ViewModule> | undefined;
  const once = () => (pending ??= load());
  return {
    id,
    label,
    view: lazy(once),
    // A failed prefetch is forgotten, so the render retries it and shows the error then.
    preload: () => void once().catch(() => (pending = undefined)),
  };
}

/**
 * The console's sections in nav order. Each capability adds its view here and nowhere else,
 * so the shell (navigation, routing, title) never changes when a section arrives.
 */
export const sections: Section[] = [
  section('logs', 'Logs', () => import('../logs/LogsView').then((m) => ({ default: m.LogsView }))),
  section('releases', 'Releases', () => import('../releases/ReleasesView').then((m) => ({ default: m.ReleasesView }))),
  section('alerts', 'Alerts', () => import('../alerts/AlertsView').then((m) => ({ default: m.AlertsView }))),
  section('vitals', 'Web vitals', () => import('../vitals/VitalsView').then((m) => ({ default: m.VitalsView }))),
  section('analytics', 'Analytics', () => import('../analytics/AnalyticsView').then((m) => ({ default: m.AnalyticsView }))),
  section('consent', 'Consent', () => import('../consent/ConsentView').then((m) => ({ default: m.ConsentView }))),
  section('signals', 'Signals', () => import('../signals/SignalsView').then((m) => ({ default: m.SignalsView }))),
  section('delivery', 'Delivery', () => import('../delivery/DeliveryView').then((m) => ({ default: m.DeliveryView }))),
];
