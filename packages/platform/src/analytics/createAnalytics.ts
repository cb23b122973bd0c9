import { collectorSink } from './collectorSink.js';
import { eventPath, pageViewPath } from './paths.js';
import type { DropReason } from '../transport/dropReport.js';
import { newId } from '../transport/newId.js';
import type { AnalyticsContext, AnalyticsEvent, AnalyticsHit, AnalyticsSink, ConsentSource } from './types.js';

/** Options of {@link createAnalytics}. */
export interface AnalyticsOptions {
  context: AnalyticsContext;
  /** Where hits go; the project's collector alone by default. */
  sinks?: AnalyticsSink[];
  /**
   * Consent for measurement. Without it hits go out at once; with it they are queued until
   * the first `true` and dropped while it is `false`.
   */
  consent?: ConsentSource;
  logger?: { error(message: string, ...args: unknown[]): void };
}

/** The page's analytics; no method ever throws into the page. */
export interface Analytics {
  /** Records a virtual page view; `page` (e.g. a new pageId) also becomes the context of later hits. */
  trackPageView(page?: AnalyticsContext): void;
  trackEvent(event: AnalyticsEvent): void;
  /** Changes context fields for later hits (e.g. after login or a search). */
  setContext(partial: AnalyticsContext): void;
  /** Sends what the sinks hold now; resolves when done, never rejects. */
  flush(): Promise<void>;
  /** Ends this analytics: consent no longer listened to, sinks stopped, later calls do nothing. */
  stop(): void;
}

// Hits held while consent is unknown; beyond this the oldest go, a page that never decides
// must not grow without bound.
const MAX_WAITING = 50;

/**
 * Builds virtual page views and events from the context and hands them to every sink, once
 * consent (when given) allows. The path is built when the call is made, so a later context
 * change never rewrites an earlier hit.
 */
export function createAnalytics({ context, sinks, consent, logger }: AnalyticsOptions): Analytics {
  let current = { ...context };
  let granted: boolean | undefined = consent ? undefined : true;
  let waiting: AnalyticsHit[] = [];
  let targets = sinks ?? [collectorSink()];
  let unsubscribe: (() => void) | undefined;

  const each = (call: (sink: AnalyticsSink) => void): void => {
    for (const sink of targets)
      try {
        call(sink);
      } catch (error) {
        logger?.error('Analytics sink failed', error);
      }
  };
  const deliver = (hit: AnalyticsHit): void => each((sink) => sink(hit));
  // Nothing is lost without a count: the collector reports refused hits by reason.
  const refuse = (reason: DropReason): void => each((sink) => sink.drop?.(reason));
  const record = (build: () => Omit<AnalyticsHit, 'id'>): void => {
    try {
      if (granted === false) return refuse('consent');
      const hit = { ...build(), id: newId() };
      if (granted) deliver(hit);
      else if (waiting.push(hit) > MAX_WAITING) {
        waiting.shift();
        refuse('queue_full');
      }
    } catch (error) {
      logger?.error('Analytics call failed', error);
    }
  };

  try {
    unsubscribe = consent?.((decision) => {
      granted = decision;
      const queued = waiting;
      waiting = [];
      queued.forEach(decision ? deliver : () => refuse('consent'));
    });
  } catch (error) {
    logger?.error('Analytics consent source failed', error);
  }

  return {
    trackPageView(page) {
      // The context moves to the new page even when the hit itself is refused.
      current = { ...current, ...page };
      record(() => ({ ...current, type: 'pageview', path: pageViewPath(current), timestamp: Date.now() }));
    },
    trackEvent(event) {
      record(() => ({ ...current, ...event, type: 'event', path: eventPath(current, event), timestamp: Date.now() }));
    },
    setContext(partial) {
      current = { ...current, ...partial };
    },
    flush: async () => void (await Promise.all(targets.map((sink) => sink.flush?.()))),
    stop() {
      try {
        unsubscribe?.();
      } catch (error) {
        logger?.error('Analytics consent source failed', error);
      }
      each((sink) => sink.stop?.());
      // No sink left: later calls build nothing anywhere, and drop nothing either.
      targets = [];
    },
  };
}
