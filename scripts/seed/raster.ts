/**
 * A tiny anti-aliased rasteriser for the demo photos: filled polygons (with holes), ellipses,
 * rounded rectangles, thick lines, gradients and soft shadows on an RGBA buffer, encoded with jpeg-js.
 * Shapes are given in an 800×600 design space and mapped through a translate/scale/mirror transform,
 * so one drawing can be placed, sized and flipped differently in each picture.
 */
import jpeg from 'jpeg-js';

export type RGB = readonly [number, number, number];
export type Paint = RGB | ((x: number, y: number) => RGB);
export type Point = readonly [number, number];

const SUB = 4; // sub-scanlines per pixel row (vertical anti-aliasing)

export const hex = (s: string): RGB => {
  const n = Number.parseInt(s.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
export const lighten = (c: RGB, t: number) => mix(c, [255, 255, 255], t);
export const darken = (c: RGB, t: number) => mix(c, [0, 0, 0], t);

export class Canvas {
  readonly data: Uint8Array;
  private ox = 0;
  private oy = 0;
  private s = 1;
  // design (x, y) → device (ox + ax·x + bx·y, oy + ay·x + by·y): a scale, a mirror, a stretch and a tilt
  private ax = 1;
  private bx = 0;
  private ay = 0;
  private by = 1;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4).fill(255);
  }

  /**
   * Places the design space: design point (x, y) lands at (ox + x·s, oy + y·s), mirrored around ox if asked.
   * `stretch` widens (> 1) or narrows the drawing, and `tilt` (radians) turns it about the design origin, as
   * another model of the object or a camera held a little askew would; gradients follow the scale only.
   */
  place(ox: number, oy: number, s: number, mirror = false, shape: { stretch?: number; tilt?: number } = {}) {
    const sign = mirror ? -1 : 1;
    const sx = s * (shape.stretch ?? 1);
    const cos = Math.cos(shape.tilt ?? 0);
    const sin = Math.sin(shape.tilt ?? 0);
    Object.assign(this, { ox, oy, s, ax: sign * sx * cos, bx: -s * sin, ay: sign * sx * sin, by: s * cos });
  }

  reset() {
    this.place(0, 0, 1, false);
  }

  private px = (x: number, y = 300) => this.ox + this.ax * x + this.bx * y;
  private py = (y: number, x = 400) => this.oy + this.ay * x + this.by * y;

  // ------------------------------------------------------------ paints (design-space coordinates)

  /** Vertical gradient from `top` at design y0 to `bottom` at design y1. */
  vgrad(top: RGB, bottom: RGB, y0: number, y1: number): Paint {
    const a = this.py(y0);
    const b = this.py(y1);
    return (_x, y) => mix(top, bottom, Math.min(1, Math.max(0, (y - a) / (b - a || 1))));
  }

  /** Horizontal gradient, in design space (so it follows a mirror). */
  hgrad(left: RGB, right: RGB, x0: number, x1: number): Paint {
    const a = this.px(x0);
    const b = this.px(x1);
    return (x) => mix(left, right, Math.min(1, Math.max(0, (x - a) / (b - a || 1))));
  }

  /** Radial gradient: `inner` at the centre, `outer` at radius r. */
  radial(inner: RGB, outer: RGB, cx: number, cy: number, r: number): Paint {
    const x0 = this.px(cx, cy);
    const y0 = this.py(cy, cx);
    const rr = r * this.s;
    return (x, y) => mix(inner, outer, Math.min(1, Math.hypot(x - x0, y - y0) / rr));
  }

  // ------------------------------------------------------------ shapes

  /** Fills one or more closed contours with the non-zero rule (reverse a contour to cut a hole). */
  fill(contours: readonly (readonly Point[])[], paint: Paint, alpha = 1) {
    const edges: { x0: number; y0: number; x1: number; y1: number; dir: number }[] = [];
    let minY = Infinity;
    let maxY = -Infinity;
    let minX = Infinity;
    let maxX = -Infinity;
    for (const contour of contours) {
      for (let i = 0; i < contour.length; i++) {
        const a = contour[i] as Point;
        const b = contour[(i + 1) % contour.length] as Point;
        const ax = this.px(a[0], a[1]);
        const ay = this.py(a[1], a[0]);
        const bx = this.px(b[0], b[1]);
        const by = this.py(b[1], b[0]);
        minX = Math.min(minX, ax);
        maxX = Math.max(maxX, ax);
        minY = Math.min(minY, ay);
        maxY = Math.max(maxY, ay);
        if (ay === by) continue;
        edges.push(ay < by ? { x0: ax, y0: ay, x1: bx, y1: by, dir: 1 } : { x0: bx, y0: by, x1: ax, y1: ay, dir: -1 });
      }
    }
    const rowStart = Math.max(0, Math.floor(minY));
    const rowEnd = Math.min(this.height - 1, Math.ceil(maxY));
    const colStart = Math.max(0, Math.floor(minX));
    const colEnd = Math.min(this.width - 1, Math.ceil(maxX));
    if (rowStart > rowEnd || colStart > colEnd) return;
    const coverage = new Float32Array(colEnd - colStart + 2);
    const hits: { x: number; dir: number }[] = [];
    for (let row = rowStart; row <= rowEnd; row++) {
      coverage.fill(0);
      let any = false;
      for (let k = 0; k < SUB; k++) {
        const y = row + (k + 0.5) / SUB;
        hits.length = 0;
        for (const e of edges) {
          if (y < e.y0 || y >= e.y1) continue;
          hits.push({ x: e.x0 + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
        }
        if (hits.length < 2) continue;
        hits.sort((p, q) => p.x - q.x);
        let winding = 0;
        for (let i = 0; i < hits.length - 1; i++) {
          winding += (hits[i] as { dir: number }).dir;
          if (winding === 0) continue;
          const xa = Math.max(colStart, (hits[i] as { x: number }).x);
          const xb = Math.min(colEnd + 1, (hits[i + 1] as { x: number }).x);
          if (xb <= xa) continue;
          any = true;
          addSpan(coverage, xa - colStart, xb - colStart, 1 / SUB);
        }
      }
      if (!any) continue;
      for (let col = colStart; col <= colEnd; col++) {
        const cov = coverage[col - colStart] as number;
        if (cov <= 0.001) continue;
        this.blend(col, row, typeof paint === 'function' ? paint(col + 0.5, row + 0.5) : paint, Math.min(1, cov) * alpha);
      }
    }
  }

  polygon(points: readonly Point[], paint: Paint, alpha = 1) {
    this.fill([points], paint, alpha);
  }

  rect(x: number, y: number, w: number, h: number, paint: Paint, alpha = 1) {
    this.polygon(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      paint,
      alpha,
    );
  }

  roundRect(x: number, y: number, w: number, h: number, r: number, paint: Paint, alpha = 1) {
    this.polygon(roundRectPoints(x, y, w, h, r), paint, alpha);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, paint: Paint, alpha = 1, rotation = 0) {
    this.polygon(ellipsePoints(cx, cy, rx, ry, rotation), paint, alpha);
  }

  circle(cx: number, cy: number, r: number, paint: Paint, alpha = 1) {
    this.ellipse(cx, cy, r, r, paint, alpha);
  }

  /** A ring between radius r - width and r. */
  ring(cx: number, cy: number, r: number, width: number, paint: Paint, alpha = 1) {
    this.fill([ellipsePoints(cx, cy, r, r), ellipsePoints(cx, cy, r - width, r - width).reverse()], paint, alpha);
  }

  /** A thick line with round ends. */
  line(x0: number, y0: number, x1: number, y1: number, width: number, paint: Paint, alpha = 1) {
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = (-(y1 - y0) / len) * (width / 2);
    const ny = ((x1 - x0) / len) * (width / 2);
    const body: Point[] = [
      [x0 + nx, y0 + ny],
      [x1 + nx, y1 + ny],
      [x1 - nx, y1 - ny],
      [x0 - nx, y0 - ny],
    ];
    // One non-zero fill of body and caps, so the overlaps are not blended twice.
    const cap = (x: number, y: number) => {
      const pts = ellipsePoints(x, y, width / 2, width / 2, 0, 24);
      return signedArea(pts) * signedArea(body) < 0 ? pts.reverse() : pts;
    };
    this.fill([body, cap(x0, y0), cap(x1, y1)], paint, alpha);
  }

  polyline(points: readonly Point[], width: number, paint: Paint, alpha = 1) {
    for (let i = 0; i < points.length - 1; i++) {
      const a = points[i] as Point;
      const b = points[i + 1] as Point;
      this.line(a[0], a[1], b[0], b[1], width, paint, alpha);
    }
  }

  /** A soft contact shadow (darkens, fading out towards the edge). */
  shadow(cx: number, cy: number, rx: number, ry: number, strength = 0.45) {
    const x0 = this.px(cx, cy);
    const y0 = this.py(cy, cx);
    const sx = rx * Math.hypot(this.ax, this.ay);
    const sy = ry * this.s;
    for (let y = Math.max(0, Math.floor(y0 - sy)); y <= Math.min(this.height - 1, Math.ceil(y0 + sy)); y++) {
      for (let x = Math.max(0, Math.floor(x0 - sx)); x <= Math.min(this.width - 1, Math.ceil(x0 + sx)); x++) {
        const d = ((x - x0) / sx) ** 2 + ((y - y0) / sy) ** 2;
        if (d < 1) this.blend(x, y, [0, 0, 0], strength * (1 - d) ** 1.6);
      }
    }
  }

  /** Fills the whole picture, ignoring the transform. */
  background(paint: (x: number, y: number) => RGB) {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const c = paint(x, y);
        const i = (y * this.width + x) * 4;
        this.data[i] = c[0];
        this.data[i + 1] = c[1];
        this.data[i + 2] = c[2];
      }
    }
  }

  /** Fills the whole picture with colours that change only from row to row (one paint call per row). */
  backgroundRows(paint: (y: number) => RGB) {
    const d = this.data;
    for (let y = 0; y < this.height; y++) {
      const c = paint(y + 0.5);
      for (let i = y * this.width * 4, end = i + this.width * 4; i < end; i += 4) {
        d[i] = c[0];
        d[i + 1] = c[1];
        d[i + 2] = c[2];
      }
    }
  }

  /**
   * Camera look: a light vignette and a little sensor grain (deterministic from `seed`); `light` makes one
   * side brighter: brightness × (1 + lx·(x − centre) + ly·(y − centre)).
   */
  finish(seed: number, grain = 5, light: { lx: number; ly: number } = { lx: 0, ly: 0 }) {
    let state = seed >>> 0 || 1;
    const cx = this.width / 2;
    const cy = this.height / 2;
    const maxD2 = cx * cx + cy * cy;
    const d = this.data;
    for (let y = 0; y < this.height; y++) {
      const dy2 = (y - cy) * (y - cy);
      for (let x = 0; x < this.width; x++) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        const noise = ((state >>> 0) / 4294967296 - 0.5) * 2 * grain;
        const v = (1 - 0.22 * (((x - cx) * (x - cx) + dy2) / maxD2)) * (1 + light.lx * (x - cx) + light.ly * (y - cy));
        const i = (y * this.width + x) * 4;
        d[i] = clamp8((d[i] as number) * v + noise);
        d[i + 1] = clamp8((d[i + 1] as number) * v + noise);
        d[i + 2] = clamp8((d[i + 2] as number) * v + noise);
      }
    }
  }

  toJpeg(quality: number): Uint8Array {
    const out = jpeg.encode({ width: this.width, height: this.height, data: this.data }, quality);
    return new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength);
  }

  private blend(x: number, y: number, c: RGB, a: number) {
    const i = (y * this.width + x) * 4;
    const d = this.data;
    d[i] = (d[i] as number) + (c[0] - (d[i] as number)) * a;
    d[i + 1] = (d[i + 1] as number) + (c[1] - (d[i + 1] as number)) * a;
    d[i + 2] = (d[i + 2] as number) + (c[2] - (d[i + 2] as number)) * a;
  }
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Adds horizontal coverage of [xa, xb) (pixel units, relative) with exact partial ends. */
const addSpan = (coverage: Float32Array, xa: number, xb: number, weight: number) => {
  const ia = Math.floor(xa);
  const ib = Math.floor(xb);
  if (ia === ib) {
    coverage[ia] = (coverage[ia] as number) + (xb - xa) * weight;
    return;
  }
  coverage[ia] = (coverage[ia] as number) + (ia + 1 - xa) * weight;
  for (let i = ia + 1; i < ib; i++) coverage[i] = (coverage[i] as number) + weight;
  if (ib < coverage.length) coverage[ib] = (coverage[ib] as number) + (xb - ib) * weight;
};

const signedArea = (pts: readonly Point[]) => {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i] as Point;
    const q = pts[(i + 1) % pts.length] as Point;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a;
};

export const ellipsePoints = (cx: number, cy: number, rx: number, ry: number, rotation = 0, segments = 72): Point[] => {
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const pts: Point[] = [];
  for (let i = 0; i < segments; i++) {
    const t = (i / segments) * Math.PI * 2;
    const x = Math.cos(t) * rx;
    const y = Math.sin(t) * ry;
    pts.push([cx + x * cos - y * sin, cy + x * sin + y * cos]);
  }
  return pts;
};

export const arcPoints = (cx: number, cy: number, rx: number, ry: number, from: number, to: number, segments = 32): Point[] => {
  const pts: Point[] = [];
  for (let i = 0; i <= segments; i++) {
    const t = from + ((to - from) * i) / segments;
    pts.push([cx + Math.cos(t) * rx, cy + Math.sin(t) * ry]);
  }
  return pts;
};

export const roundRectPoints = (x: number, y: number, w: number, h: number, r: number): Point[] => {
  const rr = Math.min(r, w / 2, h / 2);
  const q = Math.PI / 2;
  return [
    ...arcPoints(x + w - rr, y + rr, rr, rr, -q, 0, 8),
    ...arcPoints(x + w - rr, y + h - rr, rr, rr, 0, q, 8),
    ...arcPoints(x + rr, y + h - rr, rr, rr, q, 2 * q, 8),
    ...arcPoints(x + rr, y + rr, rr, rr, 2 * q, 3 * q, 8),
  ];
};
