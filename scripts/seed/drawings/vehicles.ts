/** Cars, two-wheelers, a truck and a tyre for the vehicle subcategories. */
import { arcPoints, darken, hex, type Canvas, type Point } from '../raster';
import { BLACK, CHROME, GLASS_BOTTOM, GLASS_TOP, shaded, type Drawing, TYRE, WHITE } from './common';

const wheel = (c: Canvas, x: number, y: number, r: number, spokes = 5) => {
  c.circle(x, y, r, TYRE);
  c.ring(x, y, r * 0.93, r * 0.05, hex('#2a2a2a'));
  c.circle(x, y, r * 0.62, c.radial(hex('#eef0f2'), hex('#868b92'), x - r * 0.2, y - r * 0.2, r * 0.8));
  c.circle(x, y, r * 0.5, hex('#3b3e42'));
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2 + 0.3;
    c.line(x, y, x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.16, CHROME);
  }
  c.circle(x, y, r * 0.15, hex('#9aa0a6'));
};



const CAR_SHAPES: Record<'hatch' | 'sedan' | 'suv', { body: Point[]; windows: Point[][]; wheels: [number, number]; r: number; wy: number }> = {
  hatch: {
    body: [[150, 440], [146, 372], [156, 330], [196, 262], [240, 248], [492, 248], [560, 316], [650, 330], [676, 352], [680, 418], [664, 440]],
    windows: [[[212, 322], [240, 262], [404, 258], [404, 322]], [[416, 258], [486, 258], [546, 322], [416, 322]]],
    wheels: [262, 566],
    r: 50,
    wy: 420,
  },
  sedan: {
    body: [[104, 440], [102, 372], [114, 338], [250, 328], [328, 258], [372, 248], [488, 248], [562, 318], [652, 330], [682, 352], [686, 418], [668, 440]],
    windows: [[[262, 326], [332, 262], [428, 256], [428, 326]], [[440, 256], [486, 256], [548, 322], [440, 326]]],
    wheels: [238, 570],
    r: 50,
    wy: 420,
  },
  suv: {
    body: [[110, 428], [108, 352], [118, 300], [140, 228], [168, 216], [520, 216], [575, 298], [662, 316], [688, 338], [692, 410], [676, 428]],
    windows: [[[160, 298], [178, 230], [390, 228], [390, 298]], [[402, 228], [512, 228], [560, 298], [402, 298]]],
    wheels: [240, 566],
    r: 56,
    wy: 414,
  },
};

export const car = (shape: keyof typeof CAR_SHAPES): Drawing => (c, _rng, colour) => {
  const s = CAR_SHAPES[shape];
  c.shadow(400, 468, 330, 26, 0.55);
  for (const x of s.wheels) c.circle(x, s.wy, s.r + 9, hex('#1c1c1c'));
  c.polygon(s.body, shaded(c, colour, s.body[4]?.[1] ?? 250, 440));
  // lower trim and a light beltline highlight
  c.polygon(s.body.map(([x, y]) => [x, Math.max(y, 404)] as Point), darken(colour, 0.55), 0.55);
  for (const w of s.windows) c.polygon(w, c.vgrad(GLASS_TOP, GLASS_BOTTOM, w[1]?.[1] ?? 250, w[0]?.[1] ?? 320), 0.95);
  // a soft reflection across the rear side window
  const [, , [gx, gy] = [400, 260]] = s.windows[0] ?? [];
  c.polygon([[gx - 70, gy + 4], [gx - 40, gy + 4], [gx - 80, gy + 58], [gx - 110, gy + 58]], WHITE, 0.2);
  for (const x of s.wheels) c.circle(x, s.wy, s.r + 6, hex('#121212'));
  const door = (s.windows[1]?.[0]?.[0] ?? 420) - 6;
  c.line(door, (s.windows[1]?.[3]?.[1] ?? 320) + 4, door, 404, 2, darken(colour, 0.5));
  c.roundRect(door - 60, 342, 34, 8, 4, darken(colour, 0.45));
  c.roundRect(door + 70, 342, 34, 8, 4, darken(colour, 0.45));
  const front = s.body[s.body.length - 3] as Point;
  c.polygon([[front[0] - 38, front[1] - 20], [front[0] - 4, front[1]], [front[0] - 14, front[1] + 10], [front[0] - 46, front[1] - 8]], hex('#f6f2d2'));
  const rear = s.body[1] as Point;
  c.polygon([[rear[0], rear[1] - 18], [rear[0] + 16, rear[1] - 22], [rear[0] + 18, rear[1] + 4], [rear[0] + 2, rear[1] + 6]], hex('#b3171d'));
  for (const x of s.wheels) wheel(c, x, s.wy, s.r);
};

export const motorbike: Drawing = (c, _rng, colour) => {
  c.shadow(400, 468, 290, 20, 0.5);
  const spokedWheel = (x: number) => {
    c.ring(x, 398, 72, 17, TYRE);
    c.ring(x, 398, 56, 5, CHROME);
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      c.line(x, 398, x + Math.cos(a) * 53, 398 + Math.sin(a) * 53, 2, hex('#a8adb3'));
    }
    c.circle(x, 398, 14, hex('#55595e'));
  };
  spokedWheel(225);
  spokedWheel(575);
  c.line(225, 398, 370, 402, 14, hex('#2a2a2a'));
  c.line(300, 432, 140, 404, 20, c.vgrad(hex('#f0f0f0'), hex('#7d828a'), 394, 442));
  c.roundRect(330, 330, 130, 95, 18, hex('#3a3d42'));
  for (let i = 0; i < 5; i++) c.line(345, 345 + i * 15, 445, 345 + i * 15, 3, hex('#5b6067'));
  c.line(370, 330, 520, 250, 12, BLACK);
  c.line(300, 300, 370, 400, 10, BLACK);
  c.line(575, 398, 520, 240, 14, CHROME);
  c.polyline(arcPoints(575, 398, 84, 84, -2.7, -0.9, 16), 10, colour);
  c.polygon([[215, 292], [300, 284], [302, 316], [232, 320]], shaded(c, colour, 284, 320));
  c.polygon([[380, 255], [440, 232], [510, 244], [522, 290], [460, 312], [385, 306]], shaded(c, colour, 232, 312, 0.35, 0.35));
  c.polygon([[250, 290], [380, 274], [394, 300], [270, 314], [238, 305]], BLACK);
  c.circle(540, 255, 24, hex('#3a3a3a'));
  c.circle(540, 255, 18, c.radial(hex('#ffffff'), hex('#d8d4b8'), 535, 250, 18));
  c.line(510, 226, 468, 204, 9, BLACK);
  c.line(504, 226, 492, 186, 4, BLACK);
  c.ellipse(490, 180, 14, 9, BLACK);
  c.polygon([[200, 300], [216, 296], [218, 312], [202, 314]], hex('#b3171d'));
};

export const scooter: Drawing = (c, _rng, colour) => {
  c.shadow(400, 470, 270, 18, 0.5);
  for (const x of [240, 575]) {
    c.circle(x, 424, 46, TYRE);
    c.circle(x, 424, 27, c.radial(hex('#e8eaec'), hex('#7f848b'), x - 8, 416, 30));
    c.circle(x, 424, 8, hex('#4a4d52'));
  }
  c.line(575, 424, 565, 330, 12, hex('#9ba0a6'));
  c.polyline(arcPoints(575, 424, 58, 58, -2.8, -0.4, 14), 10, colour);
  c.polygon([[170, 382], [182, 330], [232, 300], [380, 300], [424, 330], [424, 402], [330, 406], [300, 382], [200, 396]], shaded(c, colour, 300, 406));
  c.polygon([[205, 302], [240, 276], [380, 274], [404, 296], [230, 308]], BLACK);
  c.rect(400, 392, 125, 20, hex('#2f3236'));
  c.polygon([[500, 410], [520, 300], [546, 214], [576, 210], [592, 262], [586, 332], [560, 402]], shaded(c, colour, 210, 410));
  c.line(538, 208, 604, 190, 10, BLACK);
  c.ellipse(590, 218, 20, 14, c.radial(hex('#ffffff'), hex('#d9d5bd'), 586, 214, 20));
  c.line(556, 204, 546, 160, 4, BLACK);
  c.ellipse(545, 154, 13, 8, BLACK);
  c.polygon([[172, 346], [186, 342], [186, 360], [172, 362]], hex('#b3171d'));
};

export const bicycle: Drawing = (c, _rng, colour) => {
  c.shadow(400, 470, 300, 14, 0.45);
  for (const x of [230, 570]) {
    c.ring(x, 370, 100, 10, TYRE);
    c.ring(x, 370, 90, 4, CHROME);
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      c.line(x, 370, x + Math.cos(a) * 88, 370 + Math.sin(a) * 88, 1.5, hex('#9da2a8'));
    }
    c.circle(x, 370, 9, hex('#555'));
  }
  const bb: Point = [390, 385];
  const seat: Point = [350, 235];
  const headTop: Point = [540, 225];
  const headBottom: Point = [548, 272];
  c.ring(bb[0], bb[1], 26, 5, BLACK);
  for (const [a, b] of [[bb, seat], [bb, headBottom], [seat, headTop], [bb, [230, 370]], [seat, [230, 370]]] as [Point, Point][]) {
    c.line(a[0], a[1], b[0], b[1], 11, colour);
  }
  c.line(headTop[0], headTop[1], headBottom[0], headBottom[1], 13, darken(colour, 0.2));
  c.line(headBottom[0], headBottom[1], 570, 370, 8, CHROME);
  c.line(seat[0], seat[1], 344, 212, 7, CHROME);
  c.polygon([[312, 206], [378, 200], [384, 214], [326, 220]], BLACK);
  c.polyline([[540, 225], [528, 196], [490, 194]], 8, BLACK);
  c.line(390, 385, 420, 420, 6, hex('#444'));
  c.rect(410, 416, 26, 8, BLACK);
};

export const truck: Drawing = (c, rng, colour) => {
  c.shadow(400, 470, 320, 22, 0.55);
  const cargo = rng.pick([hex('#e8e6e0'), hex('#2f5d8a'), hex('#c7a23a'), hex('#6b7a3e')]);
  c.rect(110, 408, 580, 22, hex('#222'));
  c.rect(110, 250, 400, 160, shaded(c, cargo, 250, 410, 0.2, 0.2));
  for (let x = 140; x < 500; x += 42) c.line(x, 256, x, 404, 3, darken(cargo, 0.18));
  c.polygon([[520, 430], [520, 262], [620, 262], [682, 330], [692, 430]], shaded(c, colour, 262, 430));
  c.polygon([[540, 280], [610, 280], [660, 332], [540, 332]], c.vgrad(GLASS_TOP, GLASS_BOTTOM, 280, 332));
  c.rect(680, 392, 16, 34, hex('#333'));
  c.polygon([[668, 350], [690, 352], [690, 372], [668, 370]], hex('#f6f2d2'));
  c.line(530, 270, 516, 250, 4, BLACK);
  for (const x of [220, 300, 590]) wheel(c, x, 426, 44, 6);
};

export const tyre: Drawing = (c, _rng) => {
  c.shadow(400, 470, 190, 16, 0.55);
  c.circle(400, 300, 170, TYRE);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    c.line(400 + Math.cos(a) * 150, 300 + Math.sin(a) * 150, 400 + Math.cos(a) * 168, 300 + Math.sin(a) * 168, 7, hex('#2c2c2c'));
  }
  c.circle(400, 300, 114, hex('#2a2c30'));
  c.ring(400, 300, 114, 14, c.radial(hex('#f4f5f6'), hex('#8d939a'), 360, 260, 160));
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    c.line(400, 300, 400 + Math.cos(a) * 104, 300 + Math.sin(a) * 104, 30, c.radial(hex('#eceef0'), hex('#9499a0'), 380, 280, 120));
  }
  c.circle(400, 300, 32, c.radial(hex('#f0f0f0'), hex('#80858b'), 392, 292, 32));
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    c.circle(400 + Math.cos(a) * 18, 300 + Math.sin(a) * 18, 4, hex('#555'));
  }
};
