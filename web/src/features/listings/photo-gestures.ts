/**
 * The arithmetic of the full-screen photo viewer's gestures, kept apart from the pointer plumbing
 * so it can be tested: pinch to zoom (1× to 4×), drag to look around a zoomed photo (never past
 * its edges), swipe sideways to the next or previous photo when not zoomed, double tap for 2×.
 */
export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2;
/** A swipe changes photo when it travels this share of the screen's width sideways… */
const SWIPE_SHARE = 0.18;
/** …and more sideways than up or down (a vertical drag is not a swipe). */
const SWIPE_SLOPE = 1.2;

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const RESTING: View = { scale: 1, x: 0, y: 0 };

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

export const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/** Two fingers that started `startDistance` apart and are now `now` apart. */
export const pinchScale = (startScale: number, startDistance: number, now: number) =>
  startDistance > 0 ? clampScale((startScale * now) / startDistance) : startScale;

/**
 * Keeps a zoomed photo covering its box: with scale s on a box w × h (origin at the centre), the
 * photo may move at most (s − 1)·w/2 either way. At 1× it sits still.
 */
export const clampPan = (view: View, box: { width: number; height: number }): View => {
  const maxX = ((view.scale - 1) * box.width) / 2;
  const maxY = ((view.scale - 1) * box.height) / 2;
  return { scale: view.scale, x: Math.min(maxX, Math.max(-maxX, view.x)), y: Math.min(maxY, Math.max(-maxY, view.y)) };
};

/** A finished one-finger drag at 1×: −1 back, +1 next, 0 stay. */
export const swipeStep = (dx: number, dy: number, width: number): -1 | 0 | 1 => {
  if (Math.abs(dx) < width * SWIPE_SHARE || Math.abs(dx) < Math.abs(dy) * SWIPE_SLOPE) return 0;
  return dx < 0 ? 1 : -1;
};

/** Double tap: zoom in to 2× around the tapped point, or back to rest when zoomed. */
export const doubleTap = (view: View, at: { x: number; y: number }, box: { width: number; height: number }): View => {
  if (view.scale > 1) return RESTING;
  // the tapped point (relative to the centre) stays under the finger
  const s = DOUBLE_TAP_SCALE;
  return clampPan({ scale: s, x: -at.x * (s - 1), y: -at.y * (s - 1) }, box);
};
