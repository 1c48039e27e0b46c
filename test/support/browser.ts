// Debian's Chromium through playwright-core, for the tests that look at pages in a real browser
// (account page, embeds, /docs). A test file skips, saying so, when /usr/bin/chromium is missing.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type LaunchOptions, chromium } from 'playwright-core';

/** What a test may set on its browser: JavaScript off, a viewport (the launch arguments stay ours). */
export type ContextOptions = Omit<NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>, keyof LaunchOptions>;

export const CHROMIUM = '/usr/bin/chromium';

/** Whether Chromium is installed; warns, naming the test file, when it is not. */
export function chromiumInstalled(testFile: string): boolean {
  const installed = existsSync(CHROMIUM);
  if (!installed) console.warn(`${testFile} skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
  return installed;
}

/** Fresh headless browsers, each with a profile (--user-data-dir) of its own; `removeProfiles` after the tests. */
export function browserLauncher(): { open(options?: ContextOptions): Promise<BrowserContext>; removeProfiles(): void } {
  const profiles: string[] = [];
  return {
    open(options = {}) {
      const profile = mkdtempSync(join(tmpdir(), 'recipal-chromium-'));
      profiles.push(profile);
      return chromium.launchPersistentContext(profile, {
        ...options,
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    },
    removeProfiles() {
      for (const profile of profiles.splice(0)) rmSync(profile, { recursive: true, force: true });
    },
  };
}
