/**
 * The Chromium the browser journeys and `bench:pages` drive, found without any system install:
 * CHROMIUM_PATH (or CHROME_PATH) when set, else the system's Chromium when there is one, else the
 * headless Chromium that arrives with `npm install` inside the pinned `@sparticuz/chromium` package
 * (the binary ships in the package; nothing is downloaded). We launch it with our own flags, not the
 * package's defaults (those switch off web security and force a single process).
 *
 * Screenshots of Hindi pages need a Devanagari font: `browserEnv()` points fontconfig at a config that
 * adds Noto Sans Devanagari from `@fontsource/noto-sans-devanagari` to the system fonts. No test
 * depends on it; it only keeps screenshots readable.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export interface FoundBrowser {
  path: string;
  /** where it came from, for the log line */
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

export const findChromium = async (): Promise<FoundBrowser> => {
  const configured = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH points at ${configured}, which does not exist`);
    return { path: configured, source: 'CHROMIUM_PATH' };
  }
  const system = SYSTEM_CANDIDATES.find((p) => existsSync(p));
  if (system) return { path: system, source: 'system' };
  // the packaged browser: unpacked once into the temp folder on first use (a few seconds)
  const { default: packaged } = await import('@sparticuz/chromium');
  return { path: await packaged.executablePath(), source: '@sparticuz/chromium' };
};

/** Flags for every launch: root without a sandbox, no GPU, no calls to the (closed) network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Environment for the browser process: the system fonts plus Noto Sans Devanagari. */
export const browserEnv = (): Record<string, string> => {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  try {
    const require = createRequire(import.meta.url);
    const files = join(dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
    const confDir = join(tmpdir(), 'sel-fonts');
    const fontDir = join(confDir, 'fonts');
    mkdirSync(fontDir, { recursive: true });
    // the browser's own font engine reads plain TrueType, so the package's WOFF files are unwrapped
    for (const weight of [400, 700]) {
      const ttf = join(fontDir, `NotoSansDevanagari-${weight}.ttf`);
      if (!existsSync(ttf)) writeFileSync(ttf, woffToSfnt(readFileSync(join(files, `noto-sans-devanagari-devanagari-${weight}-normal.woff`))));
    }
    const system = existsSync('/etc/fonts/fonts.conf') ? '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>' : '';
    const conf = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  ${system}\n  <dir>${fontDir}</dir>\n  <cachedir>${join(confDir, 'cache')}</cachedir>\n</fontconfig>\n`;
    const file = join(confDir, 'fonts.conf');
    writeFileSync(file, conf);
    env.FONTCONFIG_FILE = file;
  } catch {
    // no font package: screenshots show boxes for Devanagari, nothing else changes
  }
  return env;
};

/** WOFF 1.0 → the sfnt (TrueType/OpenType) file it wraps: each table zlib-inflated when compressed. */
export const woffToSfnt = (woff: Buffer): Buffer => {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const pad = (n: number) => (n + 3) & ~3;
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the sfnt flavour
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = header.length;
  const bodies: Buffer[] = [];
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(t.data.length, 24 + i * 16);
    const body = Buffer.alloc(pad(t.data.length));
    t.data.copy(body);
    bodies.push(body);
    offset += body.length;
  });
  return Buffer.concat([header, ...bodies]);
};
