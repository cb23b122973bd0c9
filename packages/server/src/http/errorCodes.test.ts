import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorCodes } from './errorCodes.js';

const serverSrc = new URL('..', import.meta.url).pathname;
const errorsDoc = new URL('../../../../docs/errors.md', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The catalogue rows of docs/errors.md: `| `CODE` | status | meaning |`. */
function documentedRows(): string[][] {
  return readFileSync(errorsDoc, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `TARMAC_'))
    .map((line) => line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
}

describe('the error catalogue', () => {
  it('names each failure once, with its own code', () => {
    const entries = Object.entries(errorCodes);
    for (const [name, entry] of entries) expect(entry.code).toBe(`TARMAC_${name}`);
    expect(new Set(entries.map(([, entry]) => entry.code)).size).toBe(entries.length);
    for (const [, entry] of entries) {
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(errorCodeOf(entry.code)).toBe(entry);
    }
  });

  it('is what docs/errors.md lists, in the same order and words', () => {
    const expected = Object.values(errorCodes).map((entry) => [`\`${entry.code}\``, String(entry.status), entry.meaning]);
    expect(documentedRows()).toEqual(expected);
  });

  it('is the only place a TARMAC_ code is spelled out in the server code', () => {
    // A catalogue code spelled anywhere else, or a reply built with a code of its own. (Other
    // TARMAC_ strings are environment variables.) Comments may name codes for the reader.
    const known = new Set<string>(Object.values(errorCodes).map((entry) => entry.code));
    const literal = /(code:\s*)?['"`](TARMAC_[A-Z_]+)['"`]/g;
    const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const offenders = sourceFiles(serverSrc)
      .filter((file) => !file.endsWith('/http/errorCodes.ts'))
      .flatMap((file) =>
        [...code(file).matchAll(literal)]
          .filter(([, asCode, name = '']) => asCode !== undefined || known.has(name))
          .map(([found]) => `${relative(serverSrc, file)}: ${found}`),
      );
    expect(offenders).toEqual([]);
  });
});
