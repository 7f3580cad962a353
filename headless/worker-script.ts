import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file a worker thread runs: its entry bundled with every module and package it uses into
 * one file. A worker then starts by reading that one file instead of resolving and reading some
 * 300 modules, which takes a fresh worker thread about 0.1 s less.
 *
 * Built, the bundle is made by `npm run build:workers` beside the worker's `.js` (which is the
 * fallback when only `tsc` was run). Run from the TypeScript sources (tests), the worker's `.ts`
 * entry is bundled once per process into node_modules/.cache.
 */
export function workerScript(name: string): string {
  if (__filename.endsWith('.js')) {
    const bundle = join(__dirname, `${name}.bundle.js`);
    return existsSync(bundle) ? bundle : join(__dirname, `${name}.js`);
  }
  const dir = join(__dirname, '..', 'node_modules', '.cache', 'praetor');
  // One bundle per process: test files run in parallel processes, and none may read a bundle
  // that another is still writing.
  const outfile = join(dir, `${name}-${process.pid}.js`);
  if (!built.has(outfile)) {
    mkdirSync(dir, { recursive: true });
    bundleWorker(join(__dirname, `${name}.ts`), outfile);
    built.add(outfile);
  }
  return outfile;
}

const built = new Set<string>();

/** Bundles a worker's entry, TypeScript or JavaScript, with its packages (esbuild: a dev tool). */
export function bundleWorker(entry: string, outfile: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync({
    entryPoints: [entry],
    outfile,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
  });
}
