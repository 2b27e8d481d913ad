/**
 * Draws one demo photo: an 800×600 picture of a recognisable object of the subcategory in a scene,
 * procedurally and deterministically from (subcategory, n). Pure drawing (no Node APIs), so the
 * worker tests can draw demo photos too; encoding and upload are in ./images.ts.
 */
import * as d from './drawings/index';
import { Canvas, darken, hex, lighten, mix, type RGB } from './raster';
import { Random } from './random';

export const WIDTH = 800;
export const HEIGHT = 600;

type Scene = 'road' | 'grass' | 'studio' | 'room' | 'velvet';

interface Subject {
  scene: Scene;
  draw: d.Drawing[];
  colours: string[];
  /** vehicles and the like may face either way */
  mirror?: boolean;
}

const CAR = ['#e9e9e7', '#b9bdc3', '#b3202a', '#1f4e9c', '#2a2a2c', '#6b6f75', '#d8641e', '#6e1a24'];
const BRIGHT = ['#c0392b', '#2e86c1', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#34495e'];
const DEVICE = ['#2b2d31', '#c9ccd1', '#d8c3a5', '#3d5a80', '#7d5ba6', '#9bc1bc', '#e5989b'];
const FABRIC = ['#7a8b99', '#b5651d', '#4a6741', '#8d5b4c', '#3e4c6d', '#c2a878', '#6d6875'];
const LEATHER = ['#6b3e26', '#2b2b2b', '#8c5a3c', '#a0522d', '#3d2b1f'];

const subject = (scene: Scene, draw: d.Drawing | d.Drawing[], colours: string[], mirror = false): Subject => ({
  scene,
  draw: Array.isArray(draw) ? draw : [draw],
  colours,
  mirror,
});

const SUBJECTS: Record<string, Subject> = {
  'vehicles-cars': subject('road', [d.car('hatch'), d.car('sedan'), d.car('suv')], CAR, true),
  'vehicles-motorcycles': subject('road', d.motorbike, ['#b3202a', '#1b1b1b', '#1f4e9c', '#5a6b3a', '#d35400', '#7f8c8d'], true),
  'vehicles-bicycles': subject('grass', d.bicycle, BRIGHT, true),
  'vehicles-scooters': subject('road', d.scooter, ['#e9e9e7', '#b3202a', '#2e86c1', '#1b1b1b', '#9bc1bc', '#f1c40f'], true),
  'vehicles-commercial-vehicles': subject('road', d.truck, ['#f2f2f0', '#c0392b', '#2e86c1', '#f39c12'], true),
  'vehicles-spare-parts': subject('studio', d.tyre, ['#333333']),
  'properties-apartments': subject('grass', d.apartment, ['#e8d8c3', '#d6c7b8', '#c9d6df', '#efe3d0', '#d9c9a3']),
  'properties-houses': subject('grass', d.house, ['#f3e9d2', '#e8d5b7', '#d4e4ec', '#f2d7d0']),
  'properties-land': subject('grass', d.land, ['#888888']),
  'properties-commercial-properties': subject('road', d.shop, ['#c0392b', '#2e86c1', '#27ae60', '#8e44ad']),
  'properties-rentals': subject('grass', [d.apartment, d.house], ['#e8d8c3', '#c9d6df', '#efe3d0', '#f2d7d0', '#d6c7b8']),
  'electronics-smartphones': subject('studio', d.phone, DEVICE),
  'electronics-laptops': subject('studio', d.laptop, ['#c9ccd1', '#55585e', '#d8c3a5', '#9aa5b1']),
  'electronics-tablets': subject('studio', d.tablet, ['#c9ccd1', '#55585e', '#d8c3a5', '#9aa5b1']),
  'electronics-headphones': subject('studio', d.headphones, ['#2b2d31', '#d8d8d6', '#3d5a80', '#b03a2e', '#c8b29a']),
  'electronics-cameras': subject('studio', d.camera, ['#222222']),
  'electronics-gaming-consoles': subject('studio', d.console_, ['#f2f2f0', '#2b2d31', '#2e86c1', '#b03a2e']),
  'jobs-full-time': subject('studio', d.briefcase, LEATHER),
  'jobs-part-time': subject('studio', d.briefcase, LEATHER),
  'jobs-freelance': subject('studio', d.clipboard, LEATHER),
  'jobs-remote': subject('studio', d.laptop, ['#c9ccd1', '#55585e']),
  'jobs-internships': subject('studio', d.clipboard, LEATHER),
  'sports-fitness-equipment': subject('room', d.dumbbell, ['#c0392b', '#2b2d31', '#2e86c1', '#27ae60']),
  'sports-sports-gear': subject('grass', d.batAndBall, ['#000000']),
  'sports-outdoor-equipment': subject('grass', d.tent, ['#e67e22', '#27ae60', '#2e86c1', '#c0392b']),
  'sports-team-sports': subject('grass', d.football, ['#ffffff']),
  'home-and-garden-furniture': subject('room', d.sofa, FABRIC),
  'home-and-garden-appliances': subject('room', [d.fridge, d.television], ['#c4c7cb', '#8d949c', '#b8a99a']),
  'home-and-garden-garden-tools': subject('grass', d.plant, ['#b5563a']),
  'home-and-garden-home-decor': subject('room', d.decor, ['#2a9d8f', '#264653', '#e9c46a', '#8d5b4c']),
  'home-and-garden-kitchen-items': subject('studio', d.cooker, ['#c9ccd1']),
  'fashion-clothing': subject('studio', d.tshirt, BRIGHT),
  'fashion-shoes': subject('studio', d.shoe, ['#1f2d3d', '#c0392b', '#f2f2f0', '#2e86c1', '#6b3e26'], true),
  'fashion-accessories': subject('studio', d.handbag, LEATHER.concat(['#b03a2e', '#d8c3a5'])),
  'fashion-jewelry': subject('velvet', d.necklace, ['#d4a93c']),
  'fashion-watches': subject('studio', d.watch, LEATHER.concat(['#9aa0a6'])),
  'books-and-media-books': subject('studio', d.books, ['#000000']),
  'books-and-media-movies': subject('studio', d.disc, ['#000000']),
  'books-and-media-music': subject('room', d.guitar, ['#000000']),
  'books-and-media-games': subject('studio', d.gamepad, ['#2b2d31', '#f2f2f0', '#2e86c1', '#b03a2e']),
  'books-and-media-magazines': subject('studio', d.magazines, ['#000000']),
  'pets-pet-supplies': subject('room', d.cage, ['#c0392b', '#2e86c1', '#27ae60', '#7d5ba6']),
  'pets-pet-food': subject('studio', d.petFood, ['#c0392b', '#f39c12', '#27ae60', '#2e86c1']),
  'pets-pet-accessories': subject('studio', d.bowl, ['#2e86c1', '#c0392b', '#f39c12', '#16a085']),
  'pets-pet-services': subject('studio', d.pawPrint, ['#8d5b4c', '#3e4c6d', '#16a085']),
  'services-professional': subject('studio', d.clipboard, LEATHER),
  'services-personal': subject('studio', d.clipboard, ['#c2a878', '#e5989b', '#9bc1bc']),
  'services-repair': subject('studio', d.tools, ['#c0392b', '#f39c12', '#2e86c1']),
  'services-consulting': subject('studio', d.clipboard, ['#3e4c6d', '#2b2d31', '#6b3e26']),
};

const FALLBACK: Subject = subject('studio', d.parcel, ['#c79a5b']);

// ------------------------------------------------------------------ scenes (device coordinates)
//
// Every pool picture stands for a different seller's photo of a different item, so nothing in it is
// shared with another picture except the kind of object: the scene (which of the subject's settings,
// its colours, horizon or table height, the props behind the object, the light) and the object's
// size, place, proportions, tilt, facing and colour are all drawn per picture from its own seed.
// Two pictures are therefore not crops of one picture — which a duplicate-photo check must catch —
// but photos that merely show the same kind of thing (decision 012, "Demo photos").

const SKIES = ['#6fa8dc', '#8ec5f0', '#9fb8d6', '#e9b98f', '#b7c9d9', '#f0c9a0'].map(hex);
const WALLS = ['#eceae6', '#e6ecf1', '#f1e9e1', '#e4e4e4', '#efe6ea', '#e9efe6', '#d9d2c5', '#c9d6df', '#3d3f45', '#f3e3c3'].map(hex);
const ROOM_WALLS = ['#e9dfcf', '#dfe7e1', '#e7e1ea', '#f0e6d6', '#e2e6ee', '#c8d8c0', '#e8c8b8', '#b8c8d8'].map(hex);
const FLOORS = [
  [hex('#a57a52'), hex('#6f4b2e')],
  [hex('#c9b79c'), hex('#8f7b5f')],
  [hex('#8a8f96'), hex('#4b5057')],
  [hex('#d8cfc4'), hex('#a89c8e')],
] as const;
const TABLES = [
  [hex('#c49a6c'), hex('#8d6440')],
  [hex('#f3f3f3'), hex('#cfcfcf')],
  [hex('#b8c4cc'), hex('#7f8d97')],
  [hex('#6f5240'), hex('#3f2d22')],
  [hex('#2f3136'), hex('#17181b')],
  [hex('#d9c7a7'), hex('#a8906c')],
] as const;
const PROP_COLOURS = ['#c0392b', '#2e86c1', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#34495e', '#e5989b', '#f4efd8', '#6b3e26'].map(hex);

/** Settings a subject may be photographed in: its own first, then where else a seller might stand it. */
const SETTINGS: Record<Scene, Scene[]> = {
  road: ['road', 'road', 'grass'],
  grass: ['grass', 'grass', 'road'],
  studio: ['studio', 'studio', 'room'],
  room: ['room', 'room', 'studio'],
  velvet: ['velvet', 'velvet', 'studio'],
};

const vertical = (top: RGB, bottom: RGB, y0: number, y1: number) => (y: number) => mix(top, bottom, Math.min(1, Math.max(0, (y - y0) / (y1 - y0))));

/** A colour near `c`: shifted towards a random hue and lighter or darker, as another room or light makes it. */
const jitter = (rng: Random, c: RGB, amount = 0.25): RGB => {
  const toward = mix(c, [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)], rng.float(0, amount));
  return rng.chance(0.5) ? lighten(toward, rng.float(0, amount)) : darken(toward, rng.float(0, amount));
};

/** Things behind the object: what makes two sellers' photos of one kind of thing look like two photos. */
const wallProp = (c: Canvas, rng: Random, top: number, bottom: number) => {
  const kind = rng.int(0, 4);
  const w = rng.int(60, 200);
  const h = rng.int(50, Math.max(60, Math.min(220, bottom - top - 20)));
  const x = rng.int(-40, WIDTH - w + 40);
  const y = rng.int(top, Math.max(top, bottom - h - 10));
  const colour = rng.pick(PROP_COLOURS);
  if (kind === 0) {
    // a framed picture
    c.rect(x, y, w, h, darken(colour, 0.5));
    c.rect(x + 8, y + 8, w - 16, h - 16, c.vgrad(lighten(rng.pick(PROP_COLOURS), 0.3), colour, y, y + h));
  } else if (kind === 1) {
    // a shelf with things on it
    c.rect(x, y + h - 10, w + 60, 10, darken(colour, 0.3));
    for (let bx = x + 6; bx < x + w + 50; bx += rng.int(14, 40)) c.rect(bx, y + h - 10 - rng.int(20, 60), rng.int(10, 24), 60, rng.pick(PROP_COLOURS), 0.9);
  } else if (kind === 2) {
    // a window
    c.rect(x, y, w + 30, h + 30, hex('#f4f1ea'));
    c.rect(x + 10, y + 10, w + 10, h + 10, vertical(hex('#cfe6f7'), hex('#9cc5e3'), y, y + h));
    c.rect(x + 10 + (w + 10) / 2 - 3, y + 10, 6, h + 10, hex('#f4f1ea'));
  } else if (kind === 3) {
    // a clock or a round mirror
    c.circle(x + w / 2, y + h / 2, Math.min(w, h) / 2, darken(colour, 0.3));
    c.circle(x + w / 2, y + h / 2, Math.min(w, h) / 2 - 8, lighten(colour, 0.6));
  } else {
    // a poster stripe or a wall hanging
    c.rect(x, y, w / 2, h * 1.3, colour, 0.8);
  }
};

const floorProp = (c: Canvas, rng: Random, ground: number) => {
  const colour = rng.pick(PROP_COLOURS);
  const x = rng.int(-40, WIDTH + 20);
  const kind = rng.int(0, 2);
  if (kind === 0) {
    // a potted plant
    const h = rng.int(70, 200);
    c.polygon([[x - 26, ground - 60], [x + 26, ground - 60], [x + 18, ground], [x - 18, ground]], darken(colour, 0.2));
    for (let k = 0; k < 5; k++) c.ellipse(x + rng.int(-40, 40), ground - 60 - rng.int(10, h), rng.int(14, 30), rng.int(24, 50), hex(rng.pick(['#3e7a37', '#5a9a48', '#2f5e2a'])), 1, rng.float(-1, 1));
  } else if (kind === 1) {
    // a lamp
    const h = rng.int(160, 320);
    c.rect(x - 3, ground - h, 6, h, hex('#444'));
    c.polygon([[x - 40, ground - h + 50], [x + 40, ground - h + 50], [x + 24, ground - h], [x - 24, ground - h]], lighten(colour, 0.4));
    c.ellipse(x, ground - 4, 30, 6, hex('#333'));
  } else {
    // a box or a stool
    const w = rng.int(50, 140);
    const h = rng.int(40, 120);
    c.rect(x, ground - h, w, h, c.vgrad(lighten(colour, 0.2), darken(colour, 0.3), ground - h, ground));
  }
};

const outdoorProp = (c: Canvas, rng: Random, horizon: number) => {
  const x = rng.int(-60, WIDTH + 20);
  const kind = rng.int(0, 2);
  if (kind === 0) {
    // a tree
    const h = rng.int(90, 240);
    c.rect(x - 7, horizon - h * 0.4, 14, h * 0.4 + rng.int(10, 40), hex('#6b4a2e'));
    c.ellipse(x, horizon - h * 0.55, rng.int(40, 80), h * 0.35, hex(rng.pick(['#3e7a37', '#55874a', '#2f5e2a', '#6f9a3a'])));
  } else if (kind === 1) {
    // a building far off
    const w = rng.int(80, 220);
    const h = rng.int(60, 200);
    c.rect(x, horizon - h, w, h + 4, jitter(rng, hex('#d8cfc4'), 0.4));
    for (let wy = horizon - h + 14; wy < horizon - 20; wy += 26) for (let wx = x + 10; wx < x + w - 16; wx += 26) c.rect(wx, wy, 12, 14, hex('#6d7f8f'), 0.8);
  } else {
    // a pole or a signboard
    c.rect(x, horizon - rng.int(120, 260), 6, 300, hex('#707070'));
    c.rect(x - 40, horizon - rng.int(200, 260), 86, 50, rng.pick(PROP_COLOURS));
  }
};

/** Draws the setting; returns nothing (the object is placed after). `groundY` is where the object stands. */
const drawScene = (c: Canvas, rng: Random, scene: Scene, groundY: number) => {
  c.reset();
  if (scene === 'road' || scene === 'grass') {
    const horizon = Math.max(120, groundY - rng.int(60, 240));
    const sky = vertical(jitter(rng, rng.pick(SKIES), 0.2), jitter(rng, hex('#eef3f6'), 0.15), 0, horizon);
    const ground =
      scene === 'road'
        ? vertical(jitter(rng, hex('#9a9c9e'), 0.2), jitter(rng, hex('#4a4d51'), 0.2), horizon, HEIGHT)
        : vertical(jitter(rng, hex('#9cc17f'), 0.2), jitter(rng, hex('#3e7a37'), 0.2), horizon, HEIGHT);
    c.backgroundRows((y) => (y < horizon ? sky(y) : ground(y)));
    // distant hills or trees on the horizon
    const hill = jitter(rng, scene === 'road' ? hex('#8aa2a9') : hex('#6f9a6a'), 0.25);
    const points: [number, number][] = [[0, horizon]];
    const step = rng.int(40, 140);
    for (let x = 0; x <= WIDTH + step; x += step) points.push([x, horizon - rng.int(5, 90)]);
    points.push([WIDTH + step, horizon]);
    c.polygon(points, hill, rng.float(0.5, 0.9));
    for (let k = rng.int(1, 4); k > 0; k--) outdoorProp(c, rng, horizon);
    if (scene === 'road') {
      c.rect(0, horizon, WIDTH, rng.int(4, 16), jitter(rng, hex('#c9c4b8')));
      const laneY = Math.min(HEIGHT - 20, groundY + rng.int(30, 110));
      const dash = rng.int(40, 120);
      for (let x = rng.int(-160, 0); x < WIDTH; x += dash + rng.int(40, 100)) c.rect(x, laneY, dash, rng.int(5, 10), hex('#f2f2f2'), 0.85);
    }
    return;
  }
  if (scene === 'velvet') {
    const inner = jitter(rng, rng.pick([hex('#4a1f3d'), hex('#1f2f4a'), hex('#123b33'), hex('#3b2a1a')]), 0.3);
    const cx = rng.int(200, 600);
    const cy = rng.int(150, 450);
    c.background((x, y) => mix(inner, darken(inner, 0.7), Math.min(1, Math.hypot(x - cx, y - cy) / falloff(cx))));
    for (let k = rng.int(2, 6); k > 0; k--) c.ellipse(rng.int(0, WIDTH), rng.int(0, HEIGHT), rng.int(40, 160), rng.int(8, 30), lighten(inner, 0.25), 0.5, rng.float(-1.5, 1.5));
    return;
  }
  if (scene === 'studio') {
    const tableY = Math.max(140, groundY - rng.int(40, 220));
    const wall = jitter(rng, rng.pick(WALLS));
    const [near, far] = rng.pick(TABLES);
    const wallPaint = vertical(lighten(wall, rng.float(0.1, 0.4)), darken(wall, rng.float(0, 0.2)), 0, tableY);
    const tablePaint = vertical(jitter(rng, far, 0.15), jitter(rng, near, 0.15), tableY, HEIGHT);
    c.backgroundRows((y) => (y < tableY ? wallPaint(y) : tablePaint(y)));
    for (let k = rng.int(0, 3); k > 0; k--) wallProp(c, rng, 0, tableY);
    c.rect(0, tableY, WIDTH, 3, lighten(near, 0.4), 0.6);
    // wood grain, a cloth or tiles on the table
    if (rng.chance(0.5)) for (let y = tableY + rng.int(8, 30); y < HEIGHT; y += rng.int(14, 50)) c.rect(0, y, WIDTH, rng.int(1, 3), darken(near, 0.3), 0.3);
    else if (rng.chance(0.5)) c.rect(rng.int(-100, 500), tableY + rng.int(10, 60), rng.int(200, 500), HEIGHT, jitter(rng, rng.pick(PROP_COLOURS), 0.2), 0.55);
    return;
  }
  // room: wall, skirting, floor, a window or other things on the wall, something on the floor
  const floorY = Math.max(160, groundY - rng.int(20, 120));
  const wall = jitter(rng, rng.pick(ROOM_WALLS));
  const [floorNear, floorFar] = rng.pick(FLOORS);
  const wallPaint = vertical(lighten(wall, rng.float(0.05, 0.3)), darken(wall, rng.float(0, 0.15)), 0, floorY);
  const floorPaint = vertical(jitter(rng, floorNear, 0.15), jitter(rng, floorFar, 0.15), floorY, HEIGHT);
  c.backgroundRows((y) => (y < floorY ? wallPaint(y) : floorPaint(y)));
  for (let y = floorY + 18, gap = rng.int(10, 30); y < HEIGHT; gap *= 1.25, y += gap) c.rect(0, y, WIDTH, 2, darken(floorFar, 0.3), 0.35);
  c.rect(0, floorY - 14, WIDTH, rng.int(8, 20), lighten(wall, 0.45));
  for (let k = rng.int(1, 3); k > 0; k--) wallProp(c, rng, 20, floorY - 20);
  for (let k = rng.int(0, 2); k > 0; k--) floorProp(c, rng, floorY + rng.int(10, 60));
};

/** The velvet backdrop's light falls off over a distance that depends on where its centre is. */
const falloff = (cx: number) => 420 + Math.abs(cx - 400);

/** Light stronger on one side of the frame, in a direction and strength of its own per photo (see Canvas.finish). */
const light = (rng: Random) => {
  const angle = rng.float(0, 2 * Math.PI);
  const strength = rng.float(0.04, 0.16);
  return { lx: (2 * strength * Math.cos(angle)) / WIDTH, ly: (2 * strength * Math.sin(angle)) / HEIGHT };
};

// ------------------------------------------------------------------ rendering and upload

/** The object's proportions, tilt and size per photo (see the scenes' comment above). */
export const PLACEMENT = {
  /** of the 800 × 600 frame's design size */
  scale: [0.55, 1.0],
  /** width against height: another model of the thing, or another angle */
  stretch: [0.82, 1.2],
  /** radians either way: a camera held a little askew */
  tilt: 0.1,
} as const;

export const drawDemoPhoto = (subcategoryId: string, n: number): Canvas => {
  const s = SUBJECTS[subcategoryId] ?? FALLBACK;
  const rng = new Random(`image:${subcategoryId}:${n}`);
  const c = new Canvas(WIDTH, HEIGHT);
  const scale = rng.float(PLACEMENT.scale[0], PLACEMENT.scale[1]);
  const stretch = rng.float(PLACEMENT.stretch[0], PLACEMENT.stretch[1]);
  const tilt = rng.float(-PLACEMENT.tilt, PLACEMENT.tilt);
  // the object's centre: anywhere that keeps most of it in the frame
  const half = 400 * scale * stretch;
  const cx = 400 + rng.float(-1, 1) * Math.max(20, 400 - half * 0.85);
  const cy = 300 + rng.float(-1, 1) * Math.max(15, 300 - 300 * scale * 0.9) * 0.8;
  const groundY = cy + 170 * scale;
  drawScene(c, rng, rng.pick(SETTINGS[s.scene]), groundY);
  const mirror = s.mirror ? rng.chance(0.5) : rng.chance(0.3);
  // design point (400, 300) lands at (cx, cy), after the stretch and the tilt
  const a = (mirror ? -1 : 1) * scale * stretch;
  const ox = cx - (a * Math.cos(tilt) * 400 - scale * Math.sin(tilt) * 300);
  const oy = cy - (a * Math.sin(tilt) * 400 + scale * Math.cos(tilt) * 300);
  c.place(ox, oy, scale, mirror, { stretch, tilt });
  const colour = jitter(rng, hex(rng.pick(s.colours)), 0.2);
  rng.pick(s.draw)(c, rng, colour);
  const lit = light(rng);
  c.finish(rng.int(1, 2 ** 31), rng.int(3, 8), lit);
  return c;
};



// ------------------------------------------------------------------ version 2 (kept for the benchmark only)
//
// The generator before version 3 drew every picture of a subcategory as the SAME drawing with a small jitter
// of scale (0.84–0.98), place (±30 px) and scene colours: two of its pictures are in effect crops of one
// picture, the very edit the duplicate-photo check must catch. Kept, unused by the seed, so `bench:phash
// -- --same-drawing` can still report how the check scores such pairs (decision 012, "Demo photos").

const V2_SKIES = ['#6fa8dc', '#8ec5f0', '#9fb8d6', '#e9b98f'].map(hex);
const V2_WALLS = ['#eceae6', '#e6ecf1', '#f1e9e1', '#e4e4e4', '#efe6ea', '#e9efe6'].map(hex);
const V2_ROOM_WALLS = ['#e9dfcf', '#dfe7e1', '#e7e1ea', '#f0e6d6', '#e2e6ee'].map(hex);
const V2_TABLES = [
  [hex('#c49a6c'), hex('#8d6440')],
  [hex('#f3f3f3'), hex('#cfcfcf')],
  [hex('#b8c4cc'), hex('#7f8d97')],
  [hex('#6f5240'), hex('#3f2d22')],
] as const;

const v2Vertical = (top: RGB, bottom: RGB, y0: number, y1: number) => (y: number) => mix(top, bottom, Math.min(1, Math.max(0, (y - y0) / (y1 - y0))));

const v2DrawScene = (c: Canvas, rng: Random, scene: Scene, groundY: number) => {
  c.reset();
  if (scene === 'road' || scene === 'grass') {
    const horizon = Math.max(180, groundY - rng.int(90, 150));
    const sky = v2Vertical(rng.pick(V2_SKIES), hex('#eef3f6'), 0, horizon);
    const ground =
      scene === 'road'
        ? v2Vertical(hex('#9a9c9e'), hex('#4a4d51'), horizon, HEIGHT)
        : v2Vertical(hex('#9cc17f'), hex('#3e7a37'), horizon, HEIGHT);
    c.background((_x, y) => (y < horizon ? sky(y) : ground(y)));
    // distant hills or trees on the horizon
    const hill = scene === 'road' ? hex('#8aa2a9') : hex('#6f9a6a');
    const points: [number, number][] = [[0, horizon]];
    for (let x = 0; x <= WIDTH; x += 80) points.push([x, horizon - rng.int(10, 50)]);
    points.push([WIDTH, horizon]);
    c.polygon(points, hill, 0.7);
    if (scene === 'road') {
      c.rect(0, horizon, WIDTH, 10, hex('#c9c4b8'));
      const laneY = Math.min(HEIGHT - 20, groundY + 70);
      for (let x = rng.int(-60, 0); x < WIDTH; x += 150) c.rect(x, laneY, 80, 8, hex('#f2f2f2'), 0.85);
    }
    return;
  }
  if (scene === 'velvet') {
    const inner = rng.pick([hex('#4a1f3d'), hex('#1f2f4a'), hex('#123b33')]);
    c.background((x, y) => mix(inner, darken(inner, 0.7), Math.min(1, Math.hypot(x - 400, y - 280) / 520)));
    return;
  }
  if (scene === 'studio') {
    const tableY = groundY - rng.int(50, 90);
    const wall = rng.pick(V2_WALLS);
    const [near, far] = rng.pick(V2_TABLES);
    const wallPaint = v2Vertical(lighten(wall, 0.35), darken(wall, 0.06), 0, tableY);
    const tablePaint = v2Vertical(far, near, tableY, HEIGHT);
    c.background((_x, y) => (y < tableY ? wallPaint(y) : tablePaint(y)));
    c.rect(0, tableY, WIDTH, 3, lighten(near, 0.4), 0.6);
    return;
  }
  // room: wall, skirting, wooden floor and a window
  const floorY = groundY - rng.int(30, 60);
  const wall = rng.pick(V2_ROOM_WALLS);
  const wallPaint = v2Vertical(lighten(wall, 0.2), darken(wall, 0.08), 0, floorY);
  const floorPaint = v2Vertical(hex('#a57a52'), hex('#6f4b2e'), floorY, HEIGHT);
  c.background((_x, y) => (y < floorY ? wallPaint(y) : floorPaint(y)));
  for (let y = floorY + 18, gap = 18; y < HEIGHT; gap *= 1.25, y += gap) c.rect(0, y, WIDTH, 2, hex('#5e3f27'), 0.35);
  c.rect(0, floorY - 14, WIDTH, 14, lighten(wall, 0.45));
  const wx = rng.pick([60, 560]);
  c.rect(wx, 70, 170, Math.max(60, floorY - 200), hex('#f4f1ea'));
  c.rect(wx + 10, 80, 150, Math.max(40, floorY - 220), v2Vertical(hex('#cfe6f7'), hex('#9cc5e3'), 80, floorY - 140));
};

const v2HashOffset = (text: string) => [...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 997, 0);

/** Version 2's picture n of a subcategory (see above): one drawing per subcategory, jittered. */
export const drawSameDrawingPhoto = (subcategoryId: string, n: number): Canvas => {
  const s = SUBJECTS[subcategoryId] ?? FALLBACK;
  const rng = new Random(`image:${subcategoryId}:${n}`);
  const c = new Canvas(WIDTH, HEIGHT);
  const scale = rng.float(0.84, 0.98);
  const dx = rng.int(-30, 30);
  const dy = rng.int(-6, 18);
  const groundY = 300 + dy + (470 - 300) * scale;
  v2DrawScene(c, rng, s.scene, groundY);
  const mirror = Boolean(s.mirror) && n % 2 === 1;
  c.place(mirror ? 400 + dx + 400 * scale : 400 + dx - 400 * scale, 300 + dy - 300 * scale, scale, mirror);
  const colour = hex(s.colours[(n - 1 + v2HashOffset(subcategoryId)) % s.colours.length] as string);
  (s.draw[(n - 1) % s.draw.length] as d.Drawing)(c, rng, colour);
  c.finish(rng.int(1, 2 ** 31), 6);
  return c;
};
