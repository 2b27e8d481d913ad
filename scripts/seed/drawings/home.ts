/** Furniture, appliances, plants, decor, kitchenware and fashion items. */
import { arcPoints, darken, hex, lighten, mix, type Point } from '../raster';
import { CHROME, GOLD, rotate, shaded, type Drawing, WHITE } from './common';

export const sofa: Drawing = (c, rng, colour) => {
  c.shadow(400, 474, 300, 16, 0.45);
  c.roundRect(170, 228, 460, 150, 30, shaded(c, colour, 228, 378));
  c.rect(150, 360, 500, 92, darken(colour, 0.2));
  c.roundRect(186, 330, 210, 60, 18, shaded(c, lighten(colour, 0.1), 330, 390));
  c.roundRect(404, 330, 210, 60, 18, shaded(c, lighten(colour, 0.1), 330, 390));
  c.roundRect(118, 296, 82, 160, 26, shaded(c, colour, 296, 456, 0.2, 0.35));
  c.roundRect(600, 296, 82, 160, 26, shaded(c, colour, 296, 456, 0.2, 0.35));
  for (const x of [150, 632]) c.rect(x, 452, 18, 20, hex('#3b2a1c'));
  const accent = rng.pick([hex('#e0b341'), hex('#d0604a'), hex('#3d7c8c'), WHITE]);
  c.roundRect(214, 262, 92, 78, 20, shaded(c, accent, 262, 340), 1);
  c.roundRect(494, 262, 92, 78, 20, shaded(c, accent, 262, 340), 1);
};

export const fridge: Drawing = (c, rng, colour) => {
  c.shadow(470, 472, 260, 14, 0.45);
  const steel = mix(colour, hex('#c4c7cb'), 0.7);
  c.roundRect(260, 60, 200, 410, 14, c.hgrad(lighten(steel, 0.3), darken(steel, 0.1), 260, 460));
  c.line(262, 200, 458, 200, 3, darken(steel, 0.35));
  c.roundRect(430, 100, 10, 70, 5, darken(steel, 0.5));
  c.roundRect(430, 230, 10, 120, 5, darken(steel, 0.5));
  c.rect(262, 446, 196, 20, darken(steel, 0.4));
  const washer = rng.chance(0.5) ? WHITE : hex('#9ba1a8');
  c.roundRect(490, 250, 200, 220, 12, c.hgrad(lighten(washer, 0.2), darken(washer, 0.12), 490, 690));
  c.rect(490, 250, 200, 40, darken(washer, 0.08));
  c.circle(650, 270, 12, hex('#6a6f75'));
  c.circle(590, 380, 72, hex('#d6d9dd'));
  c.circle(590, 380, 56, c.radial(hex('#7c95ad'), hex('#1c2a38'), 575, 365, 60));
  c.ellipse(570, 360, 18, 10, WHITE, 0.35, -0.6);
};

export const television: Drawing = (c, rng) => {
  c.shadow(400, 472, 280, 12, 0.45);
  c.rect(200, 420, 400, 50, hex('#5a4030'));
  c.rect(208, 428, 384, 36, hex('#6d4c3a'));
  c.roundRect(150, 110, 500, 290, 8, hex('#0d0d0f'));
  const sky = rng.pick([hex('#f7a35c'), hex('#6fb3e8'), hex('#c084fc')]);
  c.rect(162, 122, 476, 266, c.vgrad(sky, hex('#1d3557'), 122, 388));
  c.polygon([[162, 330], [300, 250], [420, 320], [520, 270], [638, 330], [638, 388], [162, 388]], hex('#1b4332'));
  c.circle(520, 190, 30, hex('#fff3c4'), 0.9);
  c.rect(380, 400, 40, 22, hex('#222'));
};

export const plant: Drawing = (c, rng) => {
  c.shadow(400, 472, 120, 10, 0.45);
  const leaves = 9;
  for (let i = 0; i < leaves; i++) {
    const a = -Math.PI / 2 + (i - (leaves - 1) / 2) * 0.28;
    const len = rng.int(110, 170);
    const cx = 400 + Math.cos(a) * len * 0.55;
    const cy = 350 + Math.sin(a) * len * 0.55;
    c.ellipse(cx, cy, len * 0.55, 22, mix(hex('#2f7d32'), hex('#7cb342'), rng.next()), 1, a);
  }
  c.polygon([[322, 362], [478, 362], [456, 472], [344, 472]], shaded(c, hex('#b5563a'), 362, 472, 0.2, 0.25));
  c.rect(314, 352, 172, 22, hex('#a24b31'));
  c.line(560, 470, 640, 330, 10, hex('#6b4a2b'));
  c.polygon(rotate([[628, 280], [662, 280], [660, 340], [630, 340]], 645, 330, 0.52), CHROME);
};

export const decor: Drawing = (c, rng, colour) => {
  c.rect(230, 90, 320, 230, hex('#6e4a2c'));
  c.rect(246, 106, 288, 198, hex('#f3ead8'));
  c.circle(460, 160, 34, rng.pick([hex('#e76f51'), hex('#f4a261')]));
  c.polygon([[246, 304], [330, 200], [410, 280], [470, 230], [534, 304]], colour);
  c.polygon([[246, 304], [300, 260], [380, 304]], darken(colour, 0.3));
  c.shadow(620, 472, 80, 8, 0.4);
  c.ellipse(620, 462, 54, 12, hex('#2f2f2f'));
  c.line(620, 460, 620, 300, 8, GOLD);
  c.circle(620, 300, 90, hex('#ffe9b0'), 0.18);
  c.polygon([[570, 220], [670, 220], [700, 310], [540, 310]], shaded(c, hex('#f1e3c8'), 220, 310, 0.1, 0.15));
};

export const cooker: Drawing = (c) => {
  c.shadow(420, 472, 200, 12, 0.5);
  c.roundRect(250, 290, 280, 180, 36, c.hgrad(hex('#f1f2f3'), hex('#868b91'), 250, 530));
  c.ellipse(390, 292, 144, 26, c.hgrad(hex('#e2e4e6'), hex('#7d8288'), 246, 534));
  c.roundRect(500, 292, 210, 30, 14, hex('#1d1d1f'));
  c.roundRect(470, 274, 220, 16, 8, hex('#2a2a2c'));
  c.roundRect(196, 300, 70, 22, 10, hex('#1d1d1f'));
  c.rect(382, 246, 16, 34, hex('#2a2a2a'));
  c.circle(390, 242, 13, hex('#2a2a2a'));
};



export const tshirt: Drawing = (c, _rng, colour) => {
  c.polyline([[400, 130], [400, 104], [416, 92], [430, 100]], 4, hex('#8c8c8c'));
  c.polyline([[290, 150], [400, 118], [510, 150]], 6, hex('#8c8c8c'));
  c.polygon([[300, 150], [352, 128], [448, 128], [500, 150], [604, 212], [562, 292], [510, 262], [510, 470], [290, 470], [290, 262], [238, 292], [196, 212]], shaded(c, colour, 128, 470, 0.15, 0.25));
  c.ellipse(400, 136, 50, 20, darken(colour, 0.35));
  c.line(300, 262, 290, 262, 2, darken(colour, 0.3));
};

export const shoe: Drawing = (c, _rng, colour) => {
  c.shadow(410, 472, 260, 14, 0.5);
  const upper: Point[] = [[190, 432], [184, 352], [196, 300], [236, 282], [282, 288], [318, 318], [370, 340], [450, 350], [540, 362], [604, 382], [640, 408], [642, 432]];
  c.polygon(upper, shaded(c, colour, 282, 432));
  c.ellipse(252, 292, 50, 12, darken(colour, 0.6));
  c.polygon([[286, 292], [320, 262], [346, 272], [336, 330]], lighten(colour, 0.15));
  for (let i = 0; i < 5; i++) c.line(318 + i * 24, 318 + i * 7, 300 + i * 24, 344 + i * 7, 5, WHITE);
  c.polygon([[540, 362], [604, 382], [640, 408], [642, 426], [560, 414]], lighten(colour, 0.35));
  c.polygon([[186, 336], [220, 330], [228, 420], [190, 424]], darken(colour, 0.25));
  c.roundRect(176, 420, 474, 38, 16, hex('#f4f4f2'));
  c.line(182, 444, 644, 444, 3, hex('#c9c9c9'));
};

export const handbag: Drawing = (c, _rng, colour) => {
  c.shadow(400, 472, 220, 12, 0.5);
  c.polyline(arcPoints(400, 286, 120, 120, Math.PI, 2 * Math.PI, 24), 16, darken(colour, 0.35));
  c.polygon([[250, 282], [550, 282], [592, 470], [208, 470]], shaded(c, colour, 282, 470));
  c.polygon([[250, 282], [550, 282], [540, 364], [260, 364]], darken(colour, 0.15));
  c.roundRect(384, 350, 32, 26, 4, GOLD);
  c.line(230, 440, 570, 440, 2, darken(colour, 0.4));
};

export const necklace: Drawing = (c, rng) => {
  const stone = rng.pick([hex('#b3172b'), hex('#1b7a43'), hex('#1f4fb3')]);
  const beads = arcPoints(360, 150, 190, 262, 0.1 * Math.PI, 0.9 * Math.PI, 40);
  for (const [x, y] of beads) c.circle(x, y, 11, c.radial(hex('#fff1c1'), GOLD, x - 4, y - 4, 12));
  c.circle(360, 440, 34, c.radial(hex('#fff1c1'), GOLD, 352, 432, 36));
  c.ellipse(360, 444, 22, 26, c.radial(lighten(stone, 0.5), stone, 354, 436, 26));
  // matching earrings lying beside the necklace
  for (const x of [610, 670]) {
    c.circle(x, 392, 8, GOLD);
    c.ellipse(x, 436, 18, 34, c.radial(hex('#fff1c1'), GOLD, x - 5, 426, 30));
    c.circle(x, 442, 9, stone);
  }
};

export const watch: Drawing = (c, rng, colour) => {
  c.shadow(400, 522, 120, 10, 0.4);
  c.roundRect(352, 70, 96, 460, 22, shaded(c, colour, 70, 530, 0.2, 0.3));
  c.circle(400, 300, 112, c.radial(hex('#f6f7f8'), hex('#7e848b'), 370, 270, 140));
  const dial = rng.pick([WHITE, hex('#15233b'), hex('#1b1b1b')]);
  c.circle(400, 300, 92, dial);
  const mark = dial === WHITE ? hex('#222') : WHITE;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    c.line(400 + Math.cos(a) * 74, 300 + Math.sin(a) * 74, 400 + Math.cos(a) * 86, 300 + Math.sin(a) * 86, i % 3 ? 3 : 6, mark);
  }
  c.line(400, 300, 400 + Math.cos(-1.1) * 56, 300 + Math.sin(-1.1) * 56, 7, mark);
  c.line(400, 300, 400 + Math.cos(0.5) * 76, 300 + Math.sin(0.5) * 76, 4, mark);
  c.circle(400, 300, 6, GOLD);
  c.roundRect(508, 288, 18, 24, 4, CHROME);
};
