#!/usr/bin/env node
// Bundles the taskpane into a static folder (default dist/taskpane): taskpane.html, .css, .js
// and assets/. Usage: node scripts/build-taskpane.js [--outdir DIR] [--dev]
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const DEFAULT_OUTDIR = path.join(ROOT, 'dist', 'taskpane');

async function buildTaskpane({ outdir = DEFAULT_OUTDIR, dev = false } = {}) {
  fs.mkdirSync(path.join(outdir, 'assets'), { recursive: true });
  await esbuild.build({
    // The pane, and the worker that counts its odds off the page's thread.
    entryPoints: ['taskpane', 'odds-worker'].map((name) => ({
      in: path.join(ROOT, 'taskpane', `${name}.ts`),
      out: name,
    })),
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Office's webviews: WebView2 (Windows), WKWebView (Mac), browsers (Excel on the web).
    target: ['es2020', 'chrome90', 'edge90', 'safari15', 'firefox90'],
    minify: !dev,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const file of ['taskpane.html', 'taskpane.css']) {
    fs.copyFileSync(path.join(ROOT, 'taskpane', file), path.join(outdir, file));
  }
  for (const file of fs.readdirSync(path.join(ROOT, 'assets'))) {
    fs.copyFileSync(path.join(ROOT, 'assets', file), path.join(outdir, 'assets', file));
  }
  return outdir;
}

module.exports = { buildTaskpane, DEFAULT_OUTDIR };

if (require.main === module) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  const outdir = at >= 0 ? path.resolve(args[at + 1]) : DEFAULT_OUTDIR;
  buildTaskpane({ outdir, dev: args.includes('--dev') }).then(
    (dir) => console.log(`taskpane built in ${path.relative(process.cwd(), dir) || '.'}`),
    (e) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
