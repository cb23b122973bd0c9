import type { ComponentType } from 'react';
import type { ConsoleClient } from '../api/client';
import { AlertsView } from '../alerts/AlertsView';
import { AnalyticsView } from '../analytics/AnalyticsView';
import { ConsentView } from '../consent/ConsentView';
import { DeliveryView } from '../delivery/DeliveryView';
import { LogsView } from '../logs/LogsView';
import { ReleasesView } from '../releases/ReleasesView';
import { SignalsView } from '../signals/SignalsView';
import { VitalsView } from '../vitals/VitalsView';

/** What every console view receives: the signed-in API client. */
export interface SectionProps {
  client: ConsoleClient;
}

/** One entry of the left navigation; `view` absent means the section is still to come. */
export interface Section {
  id: string;
  label: string;
  view?: ComponentType<SectionProps>;
}

/**
 * The console's sections in nav order. Each capability adds its view here and nowhere else,
 * so the shell (navigation, routing, title) never changes when a section arrives.
 */
export const sections: Section[] = [
  { id: 'logs', label: 'Logs', view: LogsView },
  { id: 'releases', label: 'Releases', view: ReleasesView },
  { id: 'alerts', label: 'Alerts', view: AlertsView },
  { id: 'vitals', label: 'Web vitals', view: VitalsView },
  { id: 'analytics', label: 'Analytics', view: AnalyticsView },
  { id: 'consent', label: 'Consent', view: ConsentView },
  { id: 'signals', label: 'Signals', view: SignalsView },
  { id: 'delivery', label: 'Delivery', view: DeliveryView },
];
