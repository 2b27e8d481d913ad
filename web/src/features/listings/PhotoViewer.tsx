import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { useT } from '../../lib/i18n';
import { RESTING, clampPan, distance, doubleTap, pinchScale, swipeStep, type View } from './photo-gestures';

type Point = { x: number; y: number };
/** What the fingers on the photo started from: one finger drags or swipes, two pinch. */
type Gesture = { kind: 'drag'; start: Point; view: View } | { kind: 'pinch'; startDistance: number; view: View } | null;

const DOUBLE_TAP_MS = 300;

/**
 * The ad's photos full screen: swipe sideways between them, pinch (or double tap) to
 * zoom and drag to look around, arrows and the keyboard on a computer. Closed by the close button,
 * Escape, or the phone's back button (the viewer is a history entry, see ImageCarousel).
 * Gestures are plain pointer events on a `touch-action: none` stage, no library.
 */
export function PhotoViewer({
  images,
  title,
  index,
  onIndex,
  onClose,
}: {
  images: readonly string[];
  title: string;
  index: number;
  onIndex: (next: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const count = images.length;
  const [view, setView] = useState<View>(RESTING);
  const stageRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>(null);
  const lastTap = useRef(0);

  // each photo starts whole
  useEffect(() => setView(RESTING), [index]);

  const go = (step: number) => onIndex((index + step + count) % count);
  const box = () => {
    const rect = stageRef.current?.getBoundingClientRect();
    return { width: rect?.width ?? window.innerWidth, height: rect?.height ?? window.innerHeight, left: rect?.left ?? 0, top: rect?.top ?? 0 };
  };

  const begin = () => {
    const points = [...pointers.current.values()];
    if (points.length >= 2) gesture.current = { kind: 'pinch', startDistance: distance(points[0]!, points[1]!), view };
    else if (points.length === 1) gesture.current = { kind: 'drag', start: points[0]!, view };
    else gesture.current = null;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    try {
      // keep the finger's moves even when it strays off the photo
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // not an active pointer (a synthetic event): the moves still arrive on the stage
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    begin();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (!g) return;
    const points = [...pointers.current.values()];
    if (g.kind === 'pinch' && points.length >= 2) {
      const scale = pinchScale(g.view.scale, g.startDistance, distance(points[0]!, points[1]!));
      setView(clampPan({ scale, x: (g.view.x * scale) / g.view.scale, y: (g.view.y * scale) / g.view.scale }, box()));
    } else if (g.kind === 'drag' && g.view.scale > 1) {
      const p = points[0]!;
      setView(clampPan({ scale: g.view.scale, x: g.view.x + p.x - g.start.x, y: g.view.y + p.y - g.start.y }, box()));
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const end = pointers.current.get(event.pointerId);
    if (!end) return;
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    if (g?.kind === 'drag' && pointers.current.size === 0) {
      const dx = end.x - g.start.x;
      const dy = end.y - g.start.y;
      const b = box();
      if (g.view.scale === 1 && count > 1 && swipeStep(dx, dy, b.width) !== 0) {
        go(swipeStep(dx, dy, b.width));
      } else if (Math.hypot(dx, dy) < 10) {
        const now = event.timeStamp;
        if (now - lastTap.current < DOUBLE_TAP_MS) {
          lastTap.current = 0;
          setView((v) => doubleTap(v, { x: end.x - b.left - b.width / 2, y: end.y - b.top - b.height / 2 }, b));
        } else lastTap.current = now;
      }
    }
    // a finger lifted from a pinch: the other one carries on as a drag from here
    begin();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=') setView((v) => clampPan({ ...v, scale: Math.min(4, v.scale * 1.5) }, box()));
    else if (event.key === '-') setView((v) => clampPan({ ...v, scale: Math.max(1, v.scale / 1.5) }, box()));
    else return;
    event.preventDefault();
  };

  return (
    <Dialog variant="fullscreen" title={t('Photos of {title}', { title })} hideTitle onClose={onClose} className="photo-viewer">
      <div
        ref={stageRef}
        className="photo-viewer__stage"
        tabIndex={0}
        aria-roledescription="carousel"
        data-scale={view.scale.toFixed(2)}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <img
          key={images[index]}
          src={images[index]}
          alt={t('{title}, photo {n} of {count}', { title, n: index + 1, count })}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
        {count > 1 && (
          <>
            <button type="button" className="carousel__nav carousel__nav--prev" aria-label={t('Previous image')} onClick={() => go(-1)}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path fill="currentColor" d="M15.4 7.4 10.8 12l4.6 4.6L14 18l-6-6 6-6 1.4 1.4Z" />
              </svg>
            </button>
            <button type="button" className="carousel__nav carousel__nav--next" aria-label={t('Next image')} onClick={() => go(1)}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6-1.4-1.4Z" />
              </svg>
            </button>
          </>
        )}
        <p className="carousel__counter photo-viewer__counter" aria-live="polite">
          {index + 1} / {count}
        </p>
      </div>
    </Dialog>
  );
}
