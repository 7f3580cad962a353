import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file a worker thread runs. Built, it is the `.js` beside this module. Run from the
 * TypeScript sources (tests), the worker's `.ts` entry is bundled once with esbuild (a
 * development dependency) into node_modules/.cache, where its packages still resolve.
 */
export function workerScript(name: string): string {
  if (__filename.endsWith('.js')) return join(__dirname, `${name}.js`);
  const dir = join(__dirname, '..', 'node_modules', '.cache', 'praetor');
  // One bundle per process: test files run in parallel processes, and none may read a bundle
  // that another is still writing.
  const outfile = join(dir, `${name}-${process.pid}.js`);
  if (!built.has(outfile)) {
    mkdirSync(dir, { recursive: true });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require('esbuild') as typeof import('esbuild');
    esbuild.buildSync({
      entryPoints: [join(__dirname, `${name}.ts`)],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      logLevel: 'error',
    });
    built.add(outfile);
  }
  return outfile;
}

const built = new Set<string>();
