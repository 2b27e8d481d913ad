/** Phones, laptops, tablets, headphones, cameras and game controllers. */
import { arcPoints, darken, hex, lighten, type Canvas, type Point, type RGB } from '../raster';
import { BLACK, BOOK_COLOURS, CHROME, shaded, type Drawing, WHITE } from './common';
import type { Random } from '../random';

const wallpaper = (c: Canvas, rng: Random, x: number, y: number, w: number, h: number, r: number) => {
  const a = rng.pick([hex('#ff7a59'), hex('#5b8def'), hex('#8e5cf7'), hex('#14b8a6'), hex('#f5b942')]);
  const b = rng.pick([hex('#1e2a78'), hex('#3b0d4f'), hex('#0f3d3a'), hex('#7a1f3d')]);
  c.roundRect(x, y, w, h, r, c.radial(a, b, x + w * 0.3, y + h * 0.25, Math.max(w, h)));
};

export const phone: Drawing = (c, rng, colour) => {
  c.shadow(400, 530, 260, 16, 0.45);
  // back
  c.roundRect(170, 128, 200, 402, 34, c.hgrad(lighten(colour, 0.3), darken(colour, 0.15), 170, 370));
  c.roundRect(188, 146, 86, 116, 24, darken(colour, 0.25));
  for (const [x, y] of [[214, 174], [248, 206], [214, 236]] as Point[]) {
    c.circle(x, y, 16, BLACK);
    c.circle(x, y, 10, c.radial(hex('#4d6b99'), hex('#05070c'), x - 3, y - 3, 10));
  }
  c.circle(252, 170, 5, hex('#f4efd8'));
  c.circle(270, 380, 18, lighten(colour, 0.5), 0.35);
  // front
  c.roundRect(430, 128, 200, 402, 34, hex('#111214'));
  wallpaper(c, rng, 440, 138, 180, 382, 28);
  for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) c.roundRect(456 + k * 40, 200 + r * 46, 28, 28, 8, WHITE, 0.35);
  c.roundRect(456, 460, 148, 36, 14, WHITE, 0.25);
  c.circle(530, 154, 7, BLACK);
};

export const laptop: Drawing = (c, rng, colour) => {
  c.shadow(400, 440, 320, 16, 0.45);
  c.roundRect(210, 110, 380, 262, 14, hex('#232427'));
  wallpaper(c, rng, 224, 124, 352, 230, 4);
  c.polygon([[150, 380], [650, 380], [692, 430], [108, 430]], c.vgrad(lighten(colour, 0.2), darken(colour, 0.2), 380, 430));
  c.polygon([[204, 386], [596, 386], [612, 408], [188, 408]], darken(colour, 0.45));
  for (let r = 0; r < 3; r++) for (let k = 0; k < 14; k++) c.rect(212 + k * 27 + r * 4, 388 + r * 7, 22, 5, darken(colour, 0.2));
  c.roundRect(350, 411, 100, 14, 4, darken(colour, 0.12));
  c.rect(200, 372, 400, 8, darken(colour, 0.3));
};

export const tablet: Drawing = (c, rng, colour) => {
  c.shadow(400, 478, 260, 14, 0.45);
  c.roundRect(160, 150, 480, 326, 28, c.hgrad(lighten(colour, 0.2), darken(colour, 0.2), 160, 640));
  c.roundRect(176, 166, 448, 294, 16, hex('#111'));
  wallpaper(c, rng, 186, 176, 428, 274, 10);
  c.line(672, 190, 700, 468, 12, WHITE);
  c.line(700, 468, 702, 478, 5, hex('#555'));
};

export const headphones: Drawing = (c, _rng, colour) => {
  c.shadow(400, 470, 230, 14, 0.45);
  c.polyline(arcPoints(400, 330, 172, 196, Math.PI + 0.22, 2 * Math.PI - 0.22, 28), 30, darken(colour, 0.35));
  c.polyline(arcPoints(400, 340, 160, 184, Math.PI + 0.35, 2 * Math.PI - 0.35, 24), 12, darken(colour, 0.6));
  for (const x of [232, 568]) {
    c.line(x, 300, x, 330, 14, CHROME);
    c.ellipse(x, 380, 64, 88, shaded(c, colour, 292, 468));
    c.ellipse(x + (x < 400 ? 26 : -26), 380, 30, 70, darken(colour, 0.55));
  }
};

export const camera: Drawing = (c, _rng) => {
  c.shadow(400, 444, 240, 16, 0.5);
  c.polygon([[320, 214], [344, 160], [456, 160], [480, 214]], hex('#2a2b2e'));
  c.roundRect(200, 206, 400, 236, 30, c.vgrad(hex('#3a3b3f'), hex('#141416'), 206, 442));
  c.roundRect(200, 206, 100, 236, 30, hex('#101012'));
  c.ellipse(250, 198, 26, 9, hex('#c0c4c9'));
  c.circle(420, 326, 118, hex('#121214'));
  c.ring(420, 326, 108, 12, hex('#3c3d41'));
  c.ring(420, 326, 92, 4, hex('#b3171d'));
  c.circle(420, 326, 80, c.radial(hex('#4e6485'), hex('#07090f'), 400, 306, 90));
  c.circle(420, 326, 40, c.radial(hex('#283750'), hex('#05060a'), 410, 316, 40));
  c.ellipse(392, 296, 22, 12, WHITE, 0.35, -0.6);
};

/** A game controller centred on (cx, cy), `k` times the base size. */
export const controller = (c: Canvas, colour: RGB, cx = 320, cy = 420, k = 1) => {
  const X = (dx: number) => cx + dx * k;
  const Y = (dy: number) => cy + dy * k;
  const body = shaded(c, colour, Y(-90), Y(100), 0.2, 0.25);
  c.ellipse(X(-90), Y(20), 62 * k, 92 * k, body, 1, 0.35);
  c.ellipse(X(90), Y(20), 62 * k, 92 * k, body, 1, -0.35);
  c.roundRect(X(-130), Y(-80), 260 * k, 110 * k, 48 * k, body);
  c.circle(X(-48), Y(0), 22 * k, BLACK);
  c.circle(X(48), Y(0), 22 * k, BLACK);
  c.rect(X(-94), Y(-48), 36 * k, 12 * k, darken(colour, 0.6));
  c.rect(X(-82), Y(-60), 12 * k, 36 * k, darken(colour, 0.6));
  for (const [dx, dy] of [[0, -14], [14, 0], [0, 14], [-14, 0]] as Point[]) c.circle(X(84 + dx), Y(-42 + dy), 7 * k, darken(colour, 0.5));
};

export const console_: Drawing = (c, _rng, colour) => {
  c.shadow(480, 512, 200, 14, 0.45);
  c.roundRect(470, 110, 150, 390, 46, c.hgrad(WHITE, hex('#cfd2d6'), 470, 620));
  c.roundRect(525, 120, 40, 370, 16, hex('#1c1c1f'));
  controller(c, colour, 280, 440);
};


/** A big controller in front of a couple of game boxes (the Games subcategory). */
export const gamepad: Drawing = (c, rng, colour) => {
  c.shadow(400, 472, 260, 14, 0.5);
  for (const [x, h] of [[430, 300], [560, 270]] as Point[]) {
    c.rect(x, 470 - h, 170, h, shaded(c, rng.pick(BOOK_COLOURS), 470 - h, 470, 0.2, 0.2));
    c.rect(x, 470 - h, 170, 30, hex('#1f4fb3'));
  }
  controller(c, colour, 360, 370, 1.45);
};
