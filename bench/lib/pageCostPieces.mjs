// The pieces of the whole-page benchmark (pageCost.mjs): for each platform module, what the
// Tarmac page and the peer page import and run to start it. Kept apart from the harness so the
// table of what is compared reads on its own.
import { join } from 'node:path';

// Each piece: what the Tarmac page and the peer page import and run for it. `code` runs inside
// `async function init(ctx)` and leaves its outcome in `out[name]`: `ok` (the init returned what
// it should), values compared across the two pages, and `after`, run once the clock stopped.
export function pageCostPieces(dist) {
  const d = (entry) => JSON.stringify(join(dist, entry, 'index.js'));
  return [
    {
      name: 'logger',
      tarmac: {
        imports: `import { createLogger, captureGlobalErrors } from ${d('logger')};`,
        code: `const logger = createLogger({ product: 'bench' }); captureGlobalErrors(logger);
          out.logger = { ok: typeof logger.error === 'function' };`,
      },
      peer: {
        packages: ['@sentry/browser'],
        imports: `import * as Sentry from '@sentry/browser';`,
        code: `Sentry.init({ dsn: ctx.dsn }); out.logger = { ok: Sentry.getClient() !== undefined };`,
      },
    },
    {
      // The TCF CMP API: `__tcfapi`, with the `__tcfapiLocator` iframe the spec requires (a new
      // frame, most of this piece's time), loading the visitor's consent data from its route.
      name: 'cmp',
      tarmac: {
        imports: `import { installConsentApi } from ${d('consent')};`,
        code: `const cmp = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: ctx.formToken });
          out.cmp = { ok: typeof window.__tcfapi === 'function', after: async () => ({ loaded: await cmp.ready }) };`,
      },
      // Unused unless @iabtechlabtcf/cmpapi is installed (it is not a dependency of this repo).
      peer: {
        packages: ['@iabtechlabtcf/core', '@iabtechlabtcf/cmpapi'],
        imports: `import { CmpApi } from '@iabtechlabtcf/cmpapi';`,
        code: `new CmpApi(300, 1, true).update(ctx.tcString, false); out.cmp = { ok: typeof window.__tcfapi === 'function' };`,
      },
    },
    {
      // The visitor's stored TC string, decoded as a CMP does at start.
      name: 'tcDecode',
      tarmac: {
        imports: `import { decodeTcString } from ${d('consent')};`,
        code: `const tc = decodeTcString(ctx.tcString);
          out.tcDecode = { ok: !!tc, vendors: Object.keys(tc.vendorConsents).filter((id) => tc.vendorConsents[id]).join() };`,
      },
      peer: {
        packages: ['@iabtechlabtcf/core'],
        imports: `import { TCString } from '@iabtechlabtcf/core';`,
        code: `const tc = TCString.decode(ctx.tcString);
          out.tcDecode = { ok: !!tc, vendors: [...tc.vendorConsents.values()].sort((a, b) => a - b).join() };`,
      },
    },
    {
      name: 'analytics',
      tarmac: {
        imports: `import { createAnalytics } from ${d('analytics')};`,
        code: `const analytics = createAnalytics({ context: { vertical: 'flights', pageId: 'results', locale: 'es' } });
          analytics.trackPageView();
          // Builds from before flush() existed send on their 1 s timer instead.
          out.analytics = { ok: typeof analytics.trackEvent === 'function', after: () => analytics.flush?.() ?? new Promise((r) => setTimeout(r, 1100)) };`,
      },
      peer: null,
    },
    {
      name: 'perf',
      tarmac: {
        imports: `import { startPerformanceReporting } from ${d('perf')};`,
        code: `const perf = startPerformanceReporting({ vertical: 'flights', pageId: 'results' });
          out.perf = { ok: typeof perf.send === 'function', after: () => perf.send() };`,
      },
      peer: {
        packages: ['web-vitals'],
        imports: `import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';`,
        code: `const vitals = {};
          const keep = (metric) => { vitals[metric.name] = metric.value; };
          onCLS(keep); onFCP(keep); onINP(keep); onLCP(keep); onTTFB(keep);
          addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'hidden') navigator.sendBeacon('/vitals', JSON.stringify(vitals));
          });
          out.perf = { ok: true, after: async () => {
            for (let i = 0; i < 100 && vitals.TTFB === undefined; i++) await new Promise((r) => setTimeout(r, 20));
            return { ttfb: vitals.TTFB };
          } };`,
      },
    },
    {
      name: 'dates',
      tarmac: {
        imports: `import { dateLocale } from ${d('i18n')};`,
        code: `const es = dateLocale('es');
          out.dates = { ok: true, date: es.format(ctx.date, 'LLLL'), fromNow: es.fromNow(ctx.date, ctx.now) };`,
      },
      peer: {
        packages: ['moment'],
        // The locale file registers `es` on the same moment instance ('moment' and its
        // require('../moment') bundle to one module).
        imports: `import moment from 'moment'; import 'moment/locale/es';`,
        code: `const day = moment(ctx.date).locale('es');
          out.dates = { ok: true, date: day.format('LLLL'), fromNow: day.from(ctx.now) };`,
      },
    },
    {
      name: 'messages',
      tarmac: {
        imports: `import { createMessages } from ${d('i18n')};`,
        code: `const messages = createMessages({ locale: 'es', strings: ctx.strings });
          out.messages = { ok: true, text: messages.format('results.count', ctx.values) };`,
      },
      peer: {
        packages: ['intl-messageformat'],
        imports: `import { IntlMessageFormat } from 'intl-messageformat';`,
        code: `out.messages = { ok: true, text: new IntlMessageFormat(ctx.strings['results.count'], 'es').format(ctx.values) };`,
      },
    },
    {
      name: 'loader',
      tarmac: {
        imports: `import { createComponentLoader } from ${d('loader')};`,
        code: `const loader = createComponentLoader(); out.loader = { ok: typeof loader.load === 'function' };`,
      },
      peer: null,
    },
    {
      name: 'signals',
      tarmac: {
        imports: `import { startSignalCollection } from ${d('signals')};`,
        code: `const signals = startSignalCollection({ token: ctx.formToken }); out.signals = { ok: typeof signals.stop === 'function' };`,
      },
      peer: {
        packages: ['@fingerprintjs/fingerprintjs'],
        imports: `import FingerprintJS from '@fingerprintjs/fingerprintjs';`,
        code: `const agent = await FingerprintJS.load(); out.signals = { ok: typeof agent.get === 'function' };`,
      },
    },
  ];
}
