/**
 * The installed app's icons (web/public/icons/*.png), drawn from the same artwork as the favicon
 * and rendered with sharp, offline. Run after changing the artwork: `npx tsx scripts/generate-app-icons.ts`.
 * The PNGs are committed, so a build never needs this script (or the network).
 *
 * - `icon-192.png`, `icon-512.png`: "any" purpose — the rounded tile as the favicon draws it.
 * - `maskable-512.png`: "maskable" — a full-bleed square whose wordmark sits inside the central 80 %
 *   circle every Android launcher mask keeps (the safe zone of the W3C manifest spec).
 * - `apple-touch-icon.png` (180 px): iOS home screens, which ignore the manifest's icons.
 */
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const BRAND = '#002f34';
const ACCENT = '#ffce32';

const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${BRAND}"/>
  <rect x="6" y="45" width="52" height="5" rx="2.5" fill="${ACCENT}"/>
  <text x="32" y="39" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="24" font-weight="700" letter-spacing="-0.5" fill="#ffffff">SEL</text>
</svg>`;

// the wordmark and bar scaled into the safe zone (a circle of radius 40 % around the centre)
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${BRAND}"/>
  <g transform="translate(32 32) scale(0.62) translate(-32 -32)">
    <rect x="6" y="45" width="52" height="5" rx="2.5" fill="${ACCENT}"/>
    <text x="32" y="39" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="24" font-weight="700" letter-spacing="-0.5" fill="#ffffff">SEL</text>
  </g>
</svg>`;

const out = 'web/public/icons';
mkdirSync(out, { recursive: true });
const render = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}/${file}`);

await Promise.all([
  render(tile, 192, 'icon-192.png'),
  render(tile, 512, 'icon-512.png'),
  render(maskable, 512, 'maskable-512.png'),
  render(maskable, 180, 'apple-touch-icon.png'),
]);
console.log(`icons written to ${out}`);
