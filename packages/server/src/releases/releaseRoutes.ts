import type { FastifyInstance } from 'fastify';
import { decodedMappings } from '@jridgewell/trace-mapping';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { normalizeArtifactUrl } from './artifactUrl.js';
import type { ArtifactInfo, NewArtifact, ReleaseDetail, ReleaseSummary } from './contract.js';
import type { ReleaseStorage, SourceMapStorage } from './ports.js';
import { loadMap } from './mapCache.js';
import type { ReleaseService } from './releaseService.js';
import type { ArtifactUpload } from './schemas.js';
import { artifactUploadSchema, releaseListQuery, releaseParams } from './schemas.js';

/** Largest upload: one request may carry a big bundle's map with all its sources inside. */
export const ARTIFACT_BODY_LIMIT = 32 * 1024 * 1024;

const MAP_FIELDS = ['version', 'file', 'sourceRoot', 'sources', 'sourcesContent', 'names', 'mappings', 'ignoreList'];

/**
 * Throws unless every mapping points into the map's own sources and names: the decoder itself
 * is lenient, and a map that points nowhere would resolve frames to nonsense.
 */
function checkMappings(json: string): void {
  const map = loadMap(json).map;
  const sources = map.sources.length;
  const names = map.names.length;
  decodedMappings(map).forEach((line, index) => {
    for (const segment of line) {
      const bad =
        (segment.length !== 1 && segment.length !== 4 && segment.length !== 5) ||
        (segment.length >= 4 && (segment[1]! < 0 || segment[1]! >= sources || segment[2]! < 0 || segment[3]! < 0)) ||
        (segment.length === 5 && (segment[4]! < 0 || segment[4]! >= names));
      if (bad) throw new Error(`mapping on generated line ${index + 1} points outside its sources or names`);
    }
  });
}

/** The map as it will be kept (known fields only), or a 400 naming the artifact that does not parse. */
function toArtifact(item: ArtifactUpload['artifacts'][number], index: number): NewArtifact {
  const at = `body/artifacts/${index}/sourceMap`;
  const { sourceMap } = item;
  if ((sourceMap.sourcesContent?.length ?? 0) > sourceMap.sources.length) {
    throw httpError(errorCodes.BAD_BODY, `${at}/sourcesContent must not have more items than sources`);
  }
  const map = JSON.stringify(Object.fromEntries(MAP_FIELDS.filter((k) => k in sourceMap).map((k) => [k, sourceMap[k]])));
  try {
    checkMappings(map);
  } catch (error) {
    throw httpError(errorCodes.BAD_BODY, `${at} is not a usable source map: ${(error as Error).message}`.slice(0, 300));
  }
  return { url: normalizeArtifactUrl(item.url), map };
}

/**
 * Releases and their source maps under the console API (docs/releases.md): the list, one
 * release with its new and regressed groups, and the upload of maps, after which every stored
 * stack of the release is resolved again.
 */
export async function releaseRoutes(app: FastifyInstance, options: { storage: ReleaseStorage; sourceMaps: SourceMapStorage; releases: ReleaseService }): Promise<void> {
  const { storage, sourceMaps, releases } = options;

  app.get<{ Querystring: { limit?: string } }>('/releases', { schema: { querystring: releaseListQuery } }, async (request) => {
    const list: ReleaseSummary[] = await storage.listReleases(Number(request.query.limit ?? 100));
    return { releases: list };
  });

  app.get<{ Params: { release: string } }>('/releases/:release', { schema: { params: releaseParams } }, async (request): Promise<ReleaseDetail> => {
    const detail = await storage.getRelease(request.params.release, Date.now());
    if (!detail) throw httpError(errorCodes.NOT_FOUND, 'No such release');
    return detail;
  });

  app.post<{ Params: { release: string }; Body: ArtifactUpload }>(
    '/releases/:release/artifacts',
    { bodyLimit: ARTIFACT_BODY_LIMIT, schema: { params: releaseParams, body: artifactUploadSchema } },
    async (request, reply) => {
      const { release } = request.params;
      const artifacts = request.body.artifacts.map(toArtifact);
      const at = Date.now();
      await sourceMaps.saveArtifacts(release, artifacts, at);
      const resolvedStacks = await releases.resolveRelease(release);
      const saved: ArtifactInfo[] = artifacts.map((a) => ({ url: a.url, size: Buffer.byteLength(a.map), uploadedAt: at }));
      return reply.code(201).send({ release, artifacts: saved, resolvedStacks });
    },
  );
}
