#!/usr/bin/env node
// Bundles each worker thread's compiled script with its packages into one file beside it, e.g.
// dist/headless/adjudicate-worker.bundle.js (see headless/worker-script.ts). Run after tsc.
const path = require('node:path');
const { bundleWorker } = require('../dist/headless/worker-script');

const HEADLESS = path.join(__dirname, '..', 'dist', 'headless');

for (const name of ['adjudicate-worker']) {
  bundleWorker(path.join(HEADLESS, `${name}.js`), path.join(HEADLESS, `${name}.bundle.js`));
}
