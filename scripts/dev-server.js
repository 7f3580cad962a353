#!/usr/bin/env node
// Serves the built taskpane (dist/taskpane) for sideloading: https://localhost:3000 when a
// certificate is found, else plain http (enough for a browser preview, not for Office).
// Certificates: PRAETOR_CERT and PRAETOR_KEY, else ~/.office-addin-dev-certs/localhost.{crt,key}
// as `npx office-addin-dev-certs install` leaves them. Usage: node scripts/dev-server.js [--port N]
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.map': 'application/json',
  '.xml': 'application/xml',
};

/** A request handler serving the files under `root`, and nothing outside it. */
function staticHandler(root) {
  const base = path.resolve(root);
  return (req, res) => {
    const url = new URL(req.url || '/', 'http://localhost');
    let rel;
    try {
      rel = decodeURIComponent(url.pathname === '/' ? '/taskpane.html' : url.pathname);
    } catch {
      // A malformed escape such as %E0: a bad request, not a crash of the server.
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    const file = path.resolve(base, `.${path.posix.normalize(rel)}`);
    if (
      !file.startsWith(base + path.sep) ||
      !fs.existsSync(file) ||
      fs.statSync(file).isDirectory()
    ) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  };
}

function certificate() {
  const dir = path.join(os.homedir(), '.office-addin-dev-certs');
  const cert = process.env.PRAETOR_CERT || path.join(dir, 'localhost.crt');
  const key = process.env.PRAETOR_KEY || path.join(dir, 'localhost.key');
  return fs.existsSync(cert) && fs.existsSync(key)
    ? { cert: fs.readFileSync(cert), key: fs.readFileSync(key) }
    : null;
}

module.exports = { staticHandler };

if (require.main === module) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 3000;
  const root = path.join(__dirname, '..', 'dist', 'taskpane');
  if (!fs.existsSync(path.join(root, 'taskpane.html'))) {
    console.error('No build in dist/taskpane: run "npm run build:taskpane" first.');
    process.exit(1);
  }
  const tls = certificate();
  const server = tls
    ? https.createServer(tls, staticHandler(root))
    : http.createServer(staticHandler(root));
  server.listen(port, 'localhost', () => {
    const scheme = tls ? 'https' : 'http';
    console.log(`Praetor taskpane: ${scheme}://localhost:${port}/taskpane.html`);
    if (!tls) {
      console.warn(
        'No certificate found: serving plain http. Office needs https; see docs/taskpane.md.',
      );
    }
  });
}
