import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/**
 * Debian's Chromium, started headless with no network chatter: the machine has no internet, and
 * Praetor never downloads a browser. PRAETOR_CHROMIUM overrides the path.
 */
export const CHROMIUM_PATH = process.env.PRAETOR_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumAvailable = () => existsSync(CHROMIUM_PATH);

export async function launchChromium(): Promise<Browser> {
  if (!chromiumAvailable()) {
    throw new Error(
      `Chromium is needed for PDF output and was not found at ${CHROMIUM_PATH}: ` +
        'install it (apt-get install -y chromium), set PRAETOR_CHROMIUM, or write --out FILE.html',
    );
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
