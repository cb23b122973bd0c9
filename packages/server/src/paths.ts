import { fileURLToPath } from 'node:url';

// src/ and dist/ sit at the same depth, so these resolve the same from the sources (tests) and
// from the build (npm start).
const fromPackage = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

/** Default locations of the built front ends and the data directory, inside the repository. */
export const defaultPaths = {
  siteDir: fromPackage('../../apps/demo/dist'),
  consoleDir: fromPackage('../../apps/console/dist'),
  dataDir: fromPackage('../../data'),
} as const;
