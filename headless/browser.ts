import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/**
 * Debian's Chromium, started headless with no network chatter: the machine has no internet, and
 * Praetor never downloads a browser. PRAETOR_CHROMIUM overrides the path.
 */
export const chromiumPath = (): string => process.env.PRAETOR_CHROMIUM || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumAvailable = (): boolean => existsSync(chromiumPath());

/** Why Chromium cannot be started, said to the user; nothing when it is there. */
export const chromiumMissing = (): string | undefined =>
  chromiumAvailable()
    ? undefined
    : `Chromium is needed for PDF output and was not found at ${chromiumPath()}: ` +
      'install it (apt-get install -y chromium), set PRAETOR_CHROMIUM, or write --out FILE.html';

export async function launchChromium(): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
