import type { FastifyRequest } from 'fastify';
import type { ConsentBootstrap } from './bootstrapContract.js';
import type { ConsentData } from './contract.js';
import type { ConsentService } from './createConsentService.js';
import type { GeoSettings, Regime, VisitorPlace } from './regime.js';
import { placeOf, regimeOf, sendsGpc } from './regime.js';
import type { UsnatService } from './usnatService.js';
import { visitorOf } from './visitorCookie.js';

/** One request's view of the visitor's consent, as the routes and the page renderer use it. */
export interface VisitorConsent {
  placeOf(request: FastifyRequest): VisitorPlace;
  regimeOf(request: FastifyRequest): Regime;
  /** The TCF data as it applies in the request's regime. */
  tcfFor(request: FastifyRequest): Promise<ConsentData>;
  /** Everything the page's CMP scripts need, read once. */
  bootstrapFor(request: FastifyRequest): Promise<ConsentBootstrap>;
}

/**
 * Outside the TCF regime GDPR does not apply: the string the visitor has (or the "ask" string)
 * still goes out, so a script that decodes it regardless finds a valid one, but nothing asks.
 */
export function tcfInRegime(data: ConsentData, regime: Regime): ConsentData {
  return regime === 'tcf' ? data : { ...data, gdprApplies: false, showUi: false };
}

/** Binds the consent services to the geo settings; see regime.ts for how a place is read. */
export function createVisitorConsent(services: { tcf: ConsentService; usnat: UsnatService; geo: GeoSettings }): VisitorConsent {
  const place = (request: FastifyRequest) => placeOf(request.headers, services.geo);
  const tcfFor = async (request: FastifyRequest, regime = regimeOf(place(request).country)) =>
    tcfInRegime(await services.tcf.consentFor(visitorOf(request)), regime);
  return {
    placeOf: place,
    regimeOf: (request) => regimeOf(place(request).country),
    tcfFor: (request) => tcfFor(request),
    async bootstrapFor(request) {
      const { country, region } = place(request);
      const regime = regimeOf(country);
      const gpc = sendsGpc(request.headers);
      const [tcf, usnat] = await Promise.all([
        tcfFor(request, regime),
        regime === 'usnat' ? services.usnat.usnatFor(visitorOf(request), gpc) : undefined,
      ]);
      return { regime, country, ...(region ? { region } : {}), gpc, tcf, ...(usnat ? { usnat } : {}) };
    },
  };
}
