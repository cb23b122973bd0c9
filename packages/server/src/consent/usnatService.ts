import type { ConsentIngest, ConsentQuery } from './ports.js';
import type { VisitorPlace } from './regime.js';
import type { NewUsnatChoice, UsnatChoicesBody, UsnatData } from './usnatContract.js';

/** What a US choice request brings besides its body. */
export interface UsnatRequestContext {
  place: VisitorPlace;
  /** The request carried `Sec-GPC: 1`. */
  gpc: boolean;
  userAgent: string | null;
}

/** What the US routes and the page bootstrap call. */
export interface UsnatService {
  /** The visitor's US choices as they apply to this request (GPC included). */
  usnatFor(visitorId: string | null, gpcHeader: boolean): Promise<UsnatData>;
  /** Stores a choice, durable before it resolves, and answers as `usnatFor` then would. */
  save(visitorId: string, body: UsnatChoicesBody, context: UsnatRequestContext): Promise<UsnatData>;
}

const UNDECIDED: UsnatData = {
  decided: false,
  saleOptOut: false,
  sharingOptOut: false,
  targetedAdvertisingOptOut: false,
  gpc: false,
  updatedAt: null,
};

/**
 * What a request sees of a stored choice. GPC is a valid opt-out request under the US state laws
 * that name it (California's CCPA regulations, Colorado, Connecticut…), so while the browser
 * sends it, or once it was stored with a choice, all three opt-outs hold without any click.
 */
export function usnatDataOf(stored: NewUsnatChoice | null, gpcHeader: boolean): UsnatData {
  const gpc = gpcHeader || (stored?.gpc ?? false);
  const data = stored
    ? {
        decided: true,
        saleOptOut: stored.saleOptOut,
        sharingOptOut: stored.sharingOptOut,
        targetedAdvertisingOptOut: stored.targetedAdvertisingOptOut,
        gpc,
        updatedAt: stored.createdAt,
      }
    : { ...UNDECIDED, gpc };
  return gpc ? { ...data, decided: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true } : data;
}

/**
 * The US National choices of each visitor: the newest stored one stands (there is no expiry in
 * the US laws' opt-out model, unlike a TCF consent), GPC on top of it.
 */
export function createUsnatService(ports: {
  ingest: Pick<ConsentIngest, 'insertUsnatChoice'>;
  query: Pick<ConsentQuery, 'latestUsnatChoice'>;
  now?: () => number;
}): UsnatService {
  const now = ports.now ?? Date.now;
  return {
    async usnatFor(visitorId, gpcHeader) {
      return usnatDataOf(visitorId ? await ports.query.latestUsnatChoice(visitorId) : null, gpcHeader);
    },
    async save(visitorId, body, context) {
      const gpc = body.gpc === true || context.gpc;
      // Stored as it applies: a GPC signal is itself the opt-out, whatever the dialog's switches said.
      const choice: NewUsnatChoice = {
        visitorId,
        createdAt: now(),
        saleOptOut: body.saleOptOut || gpc,
        sharingOptOut: body.sharingOptOut || gpc,
        targetedAdvertisingOptOut: body.targetedAdvertisingOptOut || gpc,
        gpc,
        country: context.place.country,
        region: context.place.region ?? null,
        language: body.language ?? null,
        userAgent: context.userAgent,
      };
      await ports.ingest.insertUsnatChoice(choice);
      return usnatDataOf(choice, context.gpc);
    },
  };
}
