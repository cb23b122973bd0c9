import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { rejectReservedKeys } from '../http/strictInput.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import type { DynamicImportBody } from './contract.js';
import { dynamicImportBodySchema } from './contract.js';
import { createBuildReader } from './readBuild.js';
import { resolveComponent } from './resolveComponent.js';

/** Where the built site is and which build the server runs. */
export interface DynamicImportRoutesOptions {
  siteDir: string;
  version: string;
}

// The first language of Accept-Language ("es-ES,es;q=0.9" → "es"); the catalogue decides if it is known.
const acceptedLanguage = (header: string | undefined): string | undefined =>
  header?.split(',')[0]?.split(';')[0]?.trim().split('-')[0]?.toLowerCase() || undefined;

/**
 * `POST /a/api/dynamic/import`: resolves a component path against the site's Vite build and
 * answers what the page's loader needs to show it (docs/loader.md).
 */
export async function dynamicImportRoutes(app: FastifyInstance, options: DynamicImportRoutesOptions): Promise<void> {
  const readBuild = createBuildReader(options.siteDir);
  app.post<{ Body: DynamicImportBody }>(
    '/a/api/dynamic/import',
    {
      onRequest: requireSameOrigin,
      preValidation: rejectReservedKeys,
      schema: { body: dynamicImportBodySchema },
      schemaErrorFormatter: readableSchemaErrors,
    },
    async (request, reply) => {
      const build = await readBuild();
      // A deployment problem, not a crash: the 503 says what is missing.
      if (!build) throw httpError(errorCodes.NO_BUILD, 'The site was built without a manifest; run the build');
      const { manifest, catalog } = build;
      // Replies depend on the page's state and locale: never cache them.
      reply.header('cache-control', 'no-store');
      return resolveComponent(request.body, {
        manifest,
        catalog,
        version: options.version,
        fallbackLocale: acceptedLanguage(request.headers['accept-language']),
      });
    },
  );
}
