import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium; .ci/run installs it when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface BrowserHandle {
  readonly browser: Browser;
  /** Where this run's screenshots go (a temporary folder, named in the test output). */
  readonly screenshots: string;
}

/** Launches one headless Chromium for the enclosing describe block; closed after it. */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  const screenshots = mkdtempSync(join(tmpdir(), 'checkout-screenshots-'));
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    process.stdout.write(`# checkout screenshots: ${screenshots}\n`);
  });
  after(() => browser?.close());
  return {
    get browser() {
      if (!browser) throw new Error('the browser starts in before(); use it inside tests');
      return browser;
    },
    screenshots,
  };
}

/** WCAG contrast ratio of two CSS colours given as rgb()/rgba() strings (opaque). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string): number => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}
