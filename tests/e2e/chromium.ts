import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser). Missing → a failure that says how to install it. */
export const findChromium = () => {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error('Chromium not found. The browser journeys need Debian\'s Chromium: run `apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).');
  }
  return found;
};

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
