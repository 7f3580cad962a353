import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, RequestListener, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../../headless/browser';
import { submissionWorkbook } from './fixtures';
import { SimFixture, SimWorkbook } from './model';

/**
 * The built taskpane in headless Chromium (Debian's package, driven by playwright-core), for
 * the browser tests: the pane is built into a temporary folder and served from 127.0.0.1, the
 * Office CDN script is answered with the simulated Excel host (`browser.ts`), and every other
 * request is refused.
 */

export const OFFICE_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** `describe`, or `describe.skip` off CI when /usr/bin/chromium is missing. */
export const describeInBrowser = chromiumAvailable() || process.env.CI ? describe : describe.skip;

export interface PanePages {
  /** The server's origin, `http://127.0.0.1:PORT`. */
  origin(): string;
  /** Every URL the pages asked for. */
  requests: string[];
  /** A page with the pane on `fixture`, loaded but not waited for. */
  load(fixture?: SimFixture, width?: number): Promise<Page>;
  /** A page with the pane on `fixture`, connected to the host, with no page error. */
  open(fixture?: SimFixture, width?: number): Promise<Page>;
}

function serve(root: string): Promise<Server> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { staticHandler } = require('../../scripts/dev-server.js') as {
    staticHandler(root: string): RequestListener;
  };
  const server = createServer(staticHandler(root));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Builds and serves the pane, and starts Chromium, before the describe's tests (call it there). */
export function panePages(): PanePages {
  let outdir: string;
  let server: Server;
  let origin = '';
  let browser: Browser;
  let stub: string;
  const requests: string[] = [];

  beforeAll(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'praetor-taskpane-'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { buildTaskpane } = require('../../scripts/build-taskpane.js') as {
      buildTaskpane(o: { outdir: string; dev?: boolean }): Promise<string>;
    };
    await buildTaskpane({ outdir, dev: true });
    const bundled = await esbuild.build({
      entryPoints: [join(__dirname, 'browser.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
    });
    stub = bundled.outputFiles[0].text;
    server = await serve(outdir);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  const load = async (
    fixture = submissionWorkbook(),
    width = 320,
    errors: string[] = [],
  ): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 1100 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      requests.push(url);
      if (url === OFFICE_CDN) {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: stub });
      }
      return url.startsWith(`${origin}/`) ? route.continue() : route.abort();
    });
    await page.addInitScript((fixture) => {
      (window as unknown as { __simFixture: unknown }).__simFixture = fixture;
    }, fixture);
    await page.goto(`${origin}/taskpane.html`);
    return page;
  };

  const open = async (fixture = submissionWorkbook(), width = 320): Promise<Page> => {
    const errors: string[] = [];
    const page = await load(fixture, width, errors);
    await page.waitForSelector('html[data-pane="ready"]', { state: 'attached' });
    expect(errors).toEqual([]);
    return page;
  };

  return { origin: () => origin, requests, load, open };
}

/** The simulated workbook's sheet, read back from the page. */
export const sheetGrid = (page: Page, name: string) =>
  page.evaluate((n) => {
    const sim = (window as unknown as { __sim: SimWorkbook }).__sim;
    return sim.sheet(n)?.grid() ?? null;
  }, name);

/** The status area once an action has ended: its tone and text. */
export async function paneStatus(page: Page): Promise<{ tone: string | null; text: string }> {
  await page.waitForSelector(
    '#status[data-tone="success"], #status[data-tone="error"], #status[data-tone="warning"]',
  );
  return {
    tone: await page.getAttribute('#status', 'data-tone'),
    text: (await page.textContent('#status')) ?? '',
  };
}
