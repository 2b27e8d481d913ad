/** Books and media, pet supplies, job and service props, sports gear, and a fallback parcel. */
import { arcPoints, darken, hex, lighten, roundRectPoints, type Canvas, type Point, type RGB } from '../raster';
import { BOOK_COLOURS, CHROME, GOLD, rotate, shaded, type Drawing, WHITE } from './common';

export const books: Drawing = (c, rng) => {
  c.shadow(400, 472, 280, 12, 0.45);
  let y = 470;
  for (let i = 0; i < 5; i++) {
    const h = rng.int(36, 56);
    const w = rng.int(300, 380);
    const x = 150 + rng.int(-20, 20);
    const col = rng.pick(BOOK_COLOURS);
    y -= h;
    c.rect(x, y, w, h, shaded(c, col, y, y + h, 0.15, 0.2));
    c.rect(x + w - 14, y + 4, 10, h - 8, hex('#efe8d6'));
    c.rect(x + 30, y + h / 2 - 4, 120, 8, GOLD, 0.7);
  }
  for (let i = 0; i < 3; i++) {
    const x = 560 + i * 42;
    const h = rng.int(210, 270);
    c.rect(x, 470 - h, 40, h, shaded(c, rng.pick(BOOK_COLOURS), 470 - h, 470, 0.15, 0.2));
    c.rect(x + 6, 470 - h + 30, 28, 10, GOLD, 0.8);
  }
};

export const disc: Drawing = (c, rng) => {
  c.shadow(380, 480, 260, 12, 0.4);
  c.roundRect(150, 160, 270, 320, 10, hex('#1e1e22'));
  c.rect(164, 174, 242, 292, c.vgrad(rng.pick(BOOK_COLOURS), hex('#111'), 174, 466));
  c.rect(190, 400, 190, 18, WHITE, 0.8);
  c.circle(520, 320, 150, c.hgrad(hex('#e9e4f5'), hex('#9fb4c7'), 370, 670));
  c.circle(470, 270, 90, hex('#f5c6ff'), 0.18);
  c.circle(520, 320, 30, hex('#d9dce0'));
  c.circle(520, 320, 12, hex('#777'));
};

export const guitar: Drawing = (c) => {
  c.shadow(400, 540, 160, 10, 0.4);
  const wood = c.radial(hex('#e3a35a'), hex('#7a3e12'), 380, 380, 190);
  c.rect(386, 40, 28, 250, hex('#3a2412'));
  c.roundRect(376, 20, 48, 60, 8, hex('#2b1a0c'));
  c.ellipse(400, 430, 150, 112, wood);
  c.ellipse(400, 300, 110, 92, wood);
  c.circle(400, 330, 38, hex('#1b120a'));
  c.rect(350, 440, 100, 16, hex('#2b1a0c'));
  for (let i = 0; i < 6; i++) c.line(391 + i * 3.6, 40, 391 + i * 3.6, 448, 1.2, hex('#e5e5e5'));
};

export const magazines: Drawing = (c, rng) => {
  c.shadow(400, 472, 260, 12, 0.4);
  for (let i = 0; i < 4; i++) {
    const cx = 330 + i * 50;
    const cy = 320 + i * 10;
    const angle = (i - 1.5) * 0.12;
    const cover = rng.pick(BOOK_COLOURS);
    c.polygon(rotate(roundRectPoints(cx - 120, cy - 160, 240, 320, 4), cx, cy, angle), shaded(c, cover, cy - 160, cy + 160, 0.25, 0.2));
    c.polygon(rotate(roundRectPoints(cx - 100, cy - 140, 200, 40, 2), cx, cy, angle), WHITE, 0.85);
    c.polygon(rotate(roundRectPoints(cx - 100, cy + 70, 150, 14, 2), cx, cy, angle), WHITE, 0.7);
    c.polygon(rotate(roundRectPoints(cx - 100, cy + 94, 110, 12, 2), cx, cy, angle), WHITE, 0.6);
  }
};



export const cage: Drawing = (c, _rng, colour) => {
  c.shadow(400, 474, 250, 12, 0.45);
  c.polyline(arcPoints(400, 170, 60, 40, Math.PI, 2 * Math.PI, 16), 6, hex('#777'));
  c.rect(180, 160, 440, 14, hex('#8a8f95'));
  for (let x = 190; x <= 610; x += 22) c.line(x, 170, x, 432, 4, hex('#9aa0a6'));
  for (const y of [250, 340]) c.line(182, y, 618, y, 4, hex('#8a8f95'));
  c.roundRect(172, 428, 456, 44, 8, shaded(c, colour, 428, 472));
};

const paw = (c: Canvas, x: number, y: number, s: number, colour: RGB, alpha = 1) => {
  c.ellipse(x, y, 46 * s, 38 * s, colour, alpha);
  for (const [dx, dy] of [[-52, -46], [-18, -72], [18, -72], [52, -46]] as Point[]) c.ellipse(x + dx * s, y + dy * s, 17 * s, 22 * s, colour, alpha);
};

export const petFood: Drawing = (c, _rng, colour) => {
  c.shadow(400, 472, 170, 12, 0.5);
  c.polygon([[282, 130], [518, 130], [540, 470], [260, 470]], shaded(c, colour, 130, 470, 0.2, 0.25));
  c.rect(282, 118, 236, 22, darken(colour, 0.3));
  c.roundRect(300, 230, 200, 150, 20, WHITE, 0.9);
  paw(c, 400, 330, 0.9, colour);
  c.rect(310, 400, 180, 16, WHITE, 0.8);
};

export const bowl: Drawing = (c, _rng, colour) => {
  c.shadow(420, 468, 280, 14, 0.45);
  c.polygon([[190, 350], [550, 350], [506, 468], [234, 468]], shaded(c, colour, 350, 468, 0.2, 0.25));
  c.ellipse(370, 350, 180, 30, lighten(colour, 0.3));
  c.ellipse(370, 353, 152, 21, hex('#7a4a22'));
  const bone = hex('#efe4cf');
  c.rect(580, 424, 130, 26, bone);
  for (const [x, y] of [[578, 422], [578, 452], [712, 422], [712, 452]] as Point[]) c.circle(x, y, 19, bone);
};

export const pawPrint: Drawing = (c, _rng, colour) => {
  paw(c, 400, 350, 2.2, colour, 0.9);
};



export const briefcase: Drawing = (c, _rng, colour) => {
  c.polygon(rotate([[170, 150], [390, 150], [390, 430], [170, 430]], 280, 290, -0.12), WHITE);
  for (let i = 0; i < 8; i++) c.polygon(rotate([[200, 190 + i * 26], [350 - (i % 3) * 30, 190 + i * 26], [350 - (i % 3) * 30, 200 + i * 26], [200, 200 + i * 26]], 280, 290, -0.12), hex('#b9bcc0'));
  c.shadow(430, 474, 230, 12, 0.5);
  c.polyline(arcPoints(430, 230, 66, 48, Math.PI, 2 * Math.PI, 16), 18, darken(colour, 0.4));
  c.roundRect(230, 226, 400, 246, 24, shaded(c, colour, 226, 472));
  c.line(232, 300, 628, 300, 4, darken(colour, 0.35));
  for (const x of [320, 540]) c.roundRect(x - 14, 286, 28, 30, 5, GOLD);
};

export const clipboard: Drawing = (c, _rng, colour) => {
  c.shadow(400, 496, 170, 10, 0.4);
  c.roundRect(258, 90, 284, 404, 16, shaded(c, colour, 90, 494, 0.15, 0.2));
  c.rect(282, 130, 236, 340, WHITE);
  c.roundRect(340, 72, 120, 46, 10, c.vgrad(hex('#eeeeee'), hex('#8d9298'), 72, 118));
  for (let i = 0; i < 6; i++) {
    const y = 170 + i * 48;
    c.polyline([[298, y + 4], [308, y + 14], [326, y - 6]], 5, hex('#2e8b57'));
    c.rect(340, y, 150 - (i % 2) * 40, 10, hex('#aeb2b7'));
  }
  c.line(560, 480, 660, 250, 12, hex('#1f3b73'));
  c.line(560, 480, 552, 500, 5, hex('#333'));
};

export const tools: Drawing = (c, _rng, colour) => {
  c.shadow(400, 476, 260, 12, 0.45);
  const steel = c.radial(hex('#f4f5f6'), hex('#7f858c'), 380, 300, 300);
  c.line(230, 430, 520, 200, 34, steel);
  c.ring(546, 180, 54, 24, steel);
  c.ring(214, 444, 38, 18, steel);
  c.line(470, 440, 690, 300, 10, CHROME);
  c.polygon(rotate(roundRectPoints(380, 430, 120, 40, 16), 440, 450, -0.57), shaded(c, colour, 420, 480));
};



export const dumbbell: Drawing = (c, _rng, colour) => {
  c.shadow(400, 474, 260, 12, 0.5);
  c.line(220, 400, 580, 400, 22, c.vgrad(hex('#f2f2f2'), hex('#777'), 390, 410));
  for (const x of [190, 236, 524, 570]) c.roundRect(x, 320, 40, 160, 10, shaded(c, colour, 320, 480, 0.25, 0.35));
  c.line(320, 400, 480, 400, 26, hex('#2a2a2a'));
};

export const batAndBall: Drawing = (c) => {
  c.shadow(420, 474, 240, 12, 0.45);
  const blade = rotate(roundRectPoints(330, 180, 86, 300, 26), 373, 330, 0.62);
  c.polygon(blade, c.radial(hex('#f4e1b3'), hex('#c9a467'), 380, 300, 220));
  c.polygon(rotate([[362, 60], [384, 60], [384, 190], [362, 190]], 373, 330, 0.62), hex('#1c1c1c'));
  c.polygon(rotate([[340, 240], [406, 240], [406, 290], [340, 290]], 373, 330, 0.62), hex('#1f4fb3'), 0.85);
  c.circle(600, 430, 40, c.radial(hex('#e05a4f'), hex('#7a0f0c'), 588, 418, 44));
  c.polyline(arcPoints(600, 430, 40, 14, 0, Math.PI * 2, 24), 2, WHITE);
};

export const tent: Drawing = (c, _rng, colour) => {
  c.shadow(430, 474, 280, 14, 0.4);
  c.polygon([[400, 190], [640, 470], [700, 470], [530, 210]], darken(colour, 0.3));
  c.polygon([[180, 470], [400, 190], [620, 470]], shaded(c, colour, 190, 470, 0.2, 0.15));
  c.polygon([[352, 470], [400, 320], [448, 470]], hex('#262626'));
  c.line(400, 190, 130, 470, 2, hex('#555'));
  c.line(530, 210, 760, 470, 2, hex('#555'));
};

export const football: Drawing = (c) => {
  c.shadow(400, 472, 150, 14, 0.5);
  c.circle(400, 320, 150, c.radial(hex('#ffffff'), hex('#b8bcc2'), 350, 270, 200));
  const pentagon = (cx: number, cy: number, r: number, rot: number): Point[] =>
    Array.from({ length: 5 }, (_, i) => {
      const a = rot + (i / 5) * Math.PI * 2;
      return [cx + Math.cos(a) * r, cy + Math.sin(a) * r] as Point;
    });
  c.polygon(pentagon(400, 320, 40, -Math.PI / 2), hex('#1b1b1b'));
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + (i / 5) * Math.PI * 2;
    const inner: Point = [400 + Math.cos(a) * 40, 320 + Math.sin(a) * 40];
    const cx = 400 + Math.cos(a + Math.PI / 5) * 108;
    const cy = 320 + Math.sin(a + Math.PI / 5) * 108;
    c.polygon(pentagon(cx, cy, 32, a + Math.PI / 5), hex('#1b1b1b'));
    c.line(inner[0], inner[1], 400 + Math.cos(a) * 98, 320 + Math.sin(a) * 98, 3, hex('#555'));
  }
};

/** Fallback: a taped cardboard parcel. */
export const parcel: Drawing = (c) => {
  c.shadow(400, 474, 230, 12, 0.5);
  const card = hex('#c79a5b');
  c.polygon([[230, 260], [500, 260], [500, 470], [230, 470]], shaded(c, card, 260, 470, 0.1, 0.15));
  c.polygon([[500, 260], [590, 200], [590, 410], [500, 470]], darken(card, 0.25));
  c.polygon([[230, 260], [320, 200], [590, 200], [500, 260]], lighten(card, 0.2));
  c.polygon([[350, 260], [440, 200], [470, 200], [380, 260]], hex('#d9c089'));
  c.rect(350, 260, 30, 210, hex('#d9c089'));
  c.rect(260, 380, 80, 56, WHITE);
};
