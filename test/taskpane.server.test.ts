import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, RequestListener, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The dev server's static handler: the built pane's files, and nothing outside its folder. */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { staticHandler } = require('../scripts/dev-server.js') as {
  staticHandler(root: string): RequestListener;
};

let parent: string;
let server: Server;
let port: number;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'praetor-serve-'));
  const root = join(parent, 'taskpane');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'taskpane.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'icon-16.png'), 'png');
  writeFileSync(join(parent, 'secret.txt'), 'secret');
  server = createServer(staticHandler(root));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(parent, { recursive: true, force: true });
});

/** A raw request path, sent as is (no URL normalisation by the client). */
function fetchPath(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.setTimeout(2000, () => req.destroy(new Error(`no answer to ${path}`)));
  });
}

test('serves the pane at / and its files with their types', async () => {
  expect(await fetchPath('/')).toMatchObject({
    status: 200,
    type: expect.stringMatching(/text\/html/),
    body: '<!doctype html>',
  });
  expect(await fetchPath('/assets/icon-16.png')).toMatchObject({ status: 200, type: 'image/png' });
  expect(await fetchPath('/assets')).toMatchObject({ status: 404 });
  expect(await fetchPath('/nothing.js')).toMatchObject({ status: 404 });
});

test.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt'])(
  'nothing outside its folder: %s',
  async (path) => {
    const res = await fetchPath(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  },
);

test('a malformed escape is a bad request, and the server goes on', async () => {
  expect(await fetchPath('/%E0%A4%A')).toMatchObject({ status: 400 });
  expect(await fetchPath('/')).toMatchObject({ status: 200 });
});
