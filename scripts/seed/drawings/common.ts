/**
 * Shared pieces of the demo-photo drawings. Drawings work in an 800×600 design space with the object
 * standing on the ground line y = 470 (unless noted); each takes the canvas, a PRNG and a main
 * colour. Scenes (sky and road, studio table, living room) are drawn separately in ../images.ts.
 */
import { darken, hex, lighten, type Canvas, type Point, type RGB } from '../raster';
import type { Random } from '../random';

export type Drawing = (c: Canvas, rng: Random, colour: RGB) => void;

export const BLACK = hex('#1b1b1d');
export const TYRE = hex('#161616');
export const CHROME = hex('#c9cdd2');
export const GLASS_TOP = hex('#d6e6f2');
export const GLASS_BOTTOM = hex('#4f6679');
export const WHITE = hex('#f2f2f0');
export const GOLD = hex('#d4a93c');
export const WOOD = hex('#8a5a32');

export const rotate = (points: readonly Point[], cx: number, cy: number, angle: number): Point[] => {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return points.map(([x, y]) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]);
};

/** Fill with a top-lit vertical gradient of `colour` between y0 and y1. */
export const shaded = (c: Canvas, colour: RGB, y0: number, y1: number, light = 0.28, dark = 0.3) => c.vgrad(lighten(colour, light), darken(colour, dark), y0, y1);

export const BOOK_COLOURS = ['#8e2c2c', '#234e70', '#2e6b4f', '#c48a2c', '#5b3a78', '#d9d2c0', '#1f2937'].map(hex);
