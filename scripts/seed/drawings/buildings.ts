/** Flats, houses, plots and shops for the property subcategories. */
import { darken, hex, lighten, type Canvas } from '../raster';
import { GLASS_BOTTOM, GLASS_TOP, GOLD, shaded, type Drawing, WHITE, WOOD } from './common';
import type { Random } from '../random';

const windowGrid = (c: Canvas, rng: Random, x: number, y: number, cols: number, rows: number, w: number, h: number, gapX: number, gapY: number) => {
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const lit = rng.chance(0.18);
      c.rect(x + k * (w + gapX), y + r * (h + gapY), w, h, lit ? hex('#f3d98b') : c.vgrad(hex('#b9d0e2'), hex('#5d7689'), y + r * (h + gapY), y + r * (h + gapY) + h));
    }
  }
};

const tree = (c: Canvas, x: number, y: number, size: number) => {
  c.rect(x - size * 0.08, y - size * 0.6, size * 0.16, size * 0.6, WOOD);
  c.circle(x, y - size * 0.85, size * 0.45, hex('#3f7a3a'));
  c.circle(x - size * 0.25, y - size * 0.7, size * 0.3, hex('#4f8c45'));
  c.circle(x + size * 0.25, y - size * 0.72, size * 0.32, hex('#356b31'));
};

export const apartment: Drawing = (c, rng, colour) => {
  const side = lighten(colour, 0.35);
  c.rect(560, 190, 170, 280, shaded(c, side, 190, 470, 0.1, 0.15));
  windowGrid(c, rng, 580, 215, 3, 7, 34, 22, 18, 14);
  c.rect(80, 240, 150, 230, shaded(c, hex('#d9d2c5'), 240, 470, 0.1, 0.15));
  windowGrid(c, rng, 98, 262, 3, 6, 28, 20, 16, 14);
  c.rect(245, 70, 310, 400, shaded(c, colour, 70, 470, 0.15, 0.2));
  c.rect(245, 70, 310, 14, darken(colour, 0.25));
  for (let r = 0; r < 10; r++) {
    const y = 100 + r * 36;
    windowGrid(c, rng, 262, y, 5, 1, 40, 24, 19, 0);
    c.rect(252, y + 26, 296, 5, lighten(colour, 0.5));
  }
  c.rect(370, 420, 60, 50, hex('#5a4a3a'));
  tree(c, 210, 470, 90);
  tree(c, 600, 470, 80);
};

export const house: Drawing = (c, rng, colour) => {
  const roof = rng.pick([hex('#9c3d2a'), hex('#5c5f66'), hex('#7a4b2a')]);
  c.rect(220, 290, 360, 180, shaded(c, colour, 290, 470, 0.1, 0.15));
  c.polygon([[186, 300], [400, 168], [614, 300]], shaded(c, roof, 168, 300, 0.15, 0.2));
  c.rect(500, 190, 36, 70, roof);
  c.roundRect(368, 366, 64, 104, 6, hex('#6a4326'));
  c.circle(420, 420, 4, GOLD);
  for (const x of [250, 470]) {
    c.rect(x, 328, 80, 64, WHITE);
    c.rect(x + 5, 333, 70, 54, c.vgrad(GLASS_TOP, GLASS_BOTTOM, 333, 387));
    c.line(x + 40, 333, x + 40, 387, 3, WHITE);
    c.line(x + 5, 360, x + 75, 360, 3, WHITE);
  }
  c.rect(70, 440, 660, 32, hex('#d8d2c4'));
  c.rect(340, 440, 120, 32, hex('#3d3d3d'), 0.8);
  tree(c, 130, 440, 110);
};

export const land: Drawing = (c, _rng) => {
  for (let x = 70; x <= 730; x += 60) c.rect(x, 400, 10, 72, hex('#8a7456'));
  c.line(70, 415, 740, 415, 2, hex('#666'));
  c.line(70, 440, 740, 440, 2, hex('#666'));
  c.rect(500, 262, 14, 170, hex('#6b5a44'));
  c.rect(640, 262, 14, 170, hex('#6b5a44'));
  c.rect(480, 230, 196, 110, WHITE);
  c.rect(488, 238, 180, 94, hex('#c8312b'));
  c.rect(508, 258, 140, 16, WHITE);
  c.rect(508, 288, 100, 12, WHITE);
  c.rect(508, 308, 120, 10, WHITE, 0.8);
  tree(c, 160, 380, 120);
  tree(c, 300, 370, 70);
};

export const shop: Drawing = (c, _rng, colour) => {
  c.rect(110, 130, 580, 340, shaded(c, hex('#e3dccd'), 130, 470, 0.05, 0.15));
  c.rect(130, 150, 540, 80, shaded(c, colour, 150, 230, 0.2, 0.2));
  c.rect(170, 175, 300, 26, WHITE, 0.9);
  c.rect(170, 206, 180, 10, WHITE, 0.7);
  const stripes = 10;
  for (let i = 0; i < stripes; i++) {
    const x = 140 + i * 52;
    c.polygon([[x, 240], [x + 52, 240], [x + 60, 280], [x + 8, 280]], i % 2 ? WHITE : colour);
  }
  c.rect(150, 280, 300, 190, hex('#9ea3a8'));
  for (let y = 286; y < 470; y += 9) c.line(150, y, 450, y, 2, hex('#7f858b'));
  c.rect(470, 280, 190, 190, hex('#444'));
  c.rect(478, 288, 174, 182, c.vgrad(GLASS_TOP, GLASS_BOTTOM, 288, 470), 0.9);
  c.line(565, 288, 565, 470, 4, hex('#444'));
};
