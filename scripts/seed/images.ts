/**
 * Demo photos: a few distinct 800×600 JPEGs per subcategory, drawn procedurally (a scene plus a
 * recognisable object in varied colours) and uploaded once to R2 under `seed/{subcategoryId}/{n}.jpg`.
 * Listings share these pool images. Objects carry the drawing version in their metadata, so a run
 * only re-draws when the drawings changed (or the object is missing).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import * as d from './drawings/index';
import { Canvas, darken, hex, lighten, mix, type RGB } from './raster';
import { Random } from './random';

/** Bump when drawings change so cached R2 objects are redrawn. */
export const IMAGE_VERSION = '2';
export const WIDTH = 800;
export const HEIGHT = 600;
const QUALITY = 70;

export interface PoolImage {
  key: string;
  bytes: number;
  width: number;
  height: number;
}

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

/** How many pool pictures a subcategory gets: busier ones get more variety. */
export const poolSize = (weight: number) => (weight >= 5 ? 5 : weight >= 2 ? 4 : 3);

export const poolKey = (subcategoryId: string, n: number) => `seed/${subcategoryId}/${n}.jpg`;

// ------------------------------------------------------------------ scenes (device coordinates)

const SKIES = ['#6fa8dc', '#8ec5f0', '#9fb8d6', '#e9b98f'].map(hex);
const WALLS = ['#eceae6', '#e6ecf1', '#f1e9e1', '#e4e4e4', '#efe6ea', '#e9efe6'].map(hex);
const ROOM_WALLS = ['#e9dfcf', '#dfe7e1', '#e7e1ea', '#f0e6d6', '#e2e6ee'].map(hex);
const TABLES = [
  [hex('#c49a6c'), hex('#8d6440')],
  [hex('#f3f3f3'), hex('#cfcfcf')],
  [hex('#b8c4cc'), hex('#7f8d97')],
  [hex('#6f5240'), hex('#3f2d22')],
] as const;

const vertical = (top: RGB, bottom: RGB, y0: number, y1: number) => (y: number) => mix(top, bottom, Math.min(1, Math.max(0, (y - y0) / (y1 - y0))));

const drawScene = (c: Canvas, rng: Random, scene: Scene, groundY: number) => {
  c.reset();
  if (scene === 'road' || scene === 'grass') {
    const horizon = Math.max(180, groundY - rng.int(90, 150));
    const sky = vertical(rng.pick(SKIES), hex('#eef3f6'), 0, horizon);
    const ground =
      scene === 'road'
        ? vertical(hex('#9a9c9e'), hex('#4a4d51'), horizon, HEIGHT)
        : vertical(hex('#9cc17f'), hex('#3e7a37'), horizon, HEIGHT);
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
    const wall = rng.pick(WALLS);
    const [near, far] = rng.pick(TABLES);
    const wallPaint = vertical(lighten(wall, 0.35), darken(wall, 0.06), 0, tableY);
    const tablePaint = vertical(far, near, tableY, HEIGHT);
    c.background((_x, y) => (y < tableY ? wallPaint(y) : tablePaint(y)));
    c.rect(0, tableY, WIDTH, 3, lighten(near, 0.4), 0.6);
    return;
  }
  // room: wall, skirting, wooden floor and a window
  const floorY = groundY - rng.int(30, 60);
  const wall = rng.pick(ROOM_WALLS);
  const wallPaint = vertical(lighten(wall, 0.2), darken(wall, 0.08), 0, floorY);
  const floorPaint = vertical(hex('#a57a52'), hex('#6f4b2e'), floorY, HEIGHT);
  c.background((_x, y) => (y < floorY ? wallPaint(y) : floorPaint(y)));
  for (let y = floorY + 18, gap = 18; y < HEIGHT; gap *= 1.25, y += gap) c.rect(0, y, WIDTH, 2, hex('#5e3f27'), 0.35);
  c.rect(0, floorY - 14, WIDTH, 14, lighten(wall, 0.45));
  const wx = rng.pick([60, 560]);
  c.rect(wx, 70, 170, Math.max(60, floorY - 200), hex('#f4f1ea'));
  c.rect(wx + 10, 80, 150, Math.max(40, floorY - 220), vertical(hex('#cfe6f7'), hex('#9cc5e3'), 80, floorY - 140));
};

// ------------------------------------------------------------------ rendering and upload

export const renderImage = (subcategoryId: string, n: number): Uint8Array => {
  const s = SUBJECTS[subcategoryId] ?? FALLBACK;
  const rng = new Random(`image:${subcategoryId}:${n}`);
  const c = new Canvas(WIDTH, HEIGHT);
  const scale = rng.float(0.84, 0.98);
  const dx = rng.int(-30, 30);
  const dy = rng.int(-6, 18);
  const groundY = 300 + dy + (470 - 300) * scale;
  drawScene(c, rng, s.scene, groundY);
  const mirror = Boolean(s.mirror) && n % 2 === 1;
  // design point (400, 300) lands at (400 + dx, 300 + dy)
  c.place(mirror ? 400 + dx + 400 * scale : 400 + dx - 400 * scale, 300 + dy - 300 * scale, scale, mirror);
  const colour = hex(s.colours[(n - 1 + hashOffset(subcategoryId)) % s.colours.length] as string);
  (s.draw[(n - 1) % s.draw.length] as d.Drawing)(c, rng, colour);
  c.finish(rng.int(1, 2 ** 31), 6);
  return c.toJpeg(QUALITY);
};

const hashOffset = (text: string) => [...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 997, 0);

/**
 * Makes sure every pool picture exists in R2 (drawing and uploading the missing or outdated ones)
 * and returns them per subcategory.
 */
export const ensureImagePool = async (
  bucket: R2Bucket,
  subcategories: { id: string; weight: number }[],
  log: (message: string) => void,
): Promise<Map<string, PoolImage[]>> => {
  const wanted = subcategories.flatMap((s) => Array.from({ length: poolSize(s.weight) }, (_, i) => ({ sub: s.id, n: i + 1, key: poolKey(s.id, i + 1) })));
  const heads = await Promise.all(wanted.map((w) => bucket.head(w.key)));
  const sizes = new Map<string, number>();
  const missing = wanted.filter((w, i) => {
    const head = heads[i];
    if (head && head.customMetadata?.seedImageVersion === IMAGE_VERSION) sizes.set(w.key, head.size);
    return !sizes.has(w.key);
  });
  let drawnBytes = 0;
  await renderAll(missing, async (w, jpeg) => {
    await bucket.put(w.key, jpeg, {
      httpMetadata: { contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' },
      customMetadata: { seedImageVersion: IMAGE_VERSION },
    });
    sizes.set(w.key, jpeg.byteLength);
    drawnBytes += jpeg.byteLength;
  });
  const drawn = missing.length;
  const pool = new Map<string, PoolImage[]>();
  for (const w of wanted) {
    const list = pool.get(w.sub) ?? [];
    list.push({ key: w.key, bytes: sizes.get(w.key) ?? 0, width: WIDTH, height: HEIGHT });
    pool.set(w.sub, list);
  }
  log(
    drawn
      ? `images: drew and uploaded ${drawn} of ${wanted.length} pool pictures (avg ${Math.round(drawnBytes / drawn / 1024)} KB)`
      : `images: all ${wanted.length} pool pictures already in R2`,
  );
  return pool;
};

type Job = { sub: string; n: number; key: string };

/**
 * Draws the jobs on worker threads (JPEG encoding is most of the cost: ~50 ms a picture) and hands
 * each result to `done` as it arrives; whatever the workers could not draw is drawn on this thread.
 */
const renderAll = async (jobs: Job[], done: (job: Job, jpeg: Uint8Array) => Promise<void>) => {
  const completed = new Set<string>();
  const uploads: Promise<void>[] = [];
  const finish = (job: Job, jpeg: Uint8Array) => {
    completed.add(job.key);
    uploads.push(done(job, jpeg));
  };
  const threads = Math.min(4, availableParallelism(), Math.ceil(jobs.length / 8));
  if (threads >= 2) {
    const queue = [...jobs];
    try {
      await Promise.all(
        Array.from(
          { length: threads },
          () =>
            new Promise<void>((resolve, reject) => {
              const worker = new Worker(new URL('./image-worker.ts', import.meta.url));
              let current: Job | undefined;
              const next = () => {
                current = queue.shift();
                if (current) worker.postMessage({ sub: current.sub, n: current.n });
                else void worker.terminate().then(() => resolve());
              };
              worker.on('message', (m: { jpeg: Uint8Array }) => {
                if (current) finish(current, new Uint8Array(m.jpeg));
                next();
              });
              worker.on('error', (err) => {
                queue.length = 0;
                void worker.terminate();
                reject(err);
              });
              next();
            }),
        ),
      );
    } catch (err) {
      console.warn(`images: worker threads failed (${err instanceof Error ? err.message : String(err)}), drawing on the main thread`);
    }
  }
  for (const job of jobs) if (!completed.has(job.key)) finish(job, renderImage(job.sub, job.n));
  await Promise.all(uploads);
};
