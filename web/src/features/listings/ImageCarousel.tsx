import { Suspense, lazy, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useT } from '../../lib/i18n';
import { swipeStep } from './photo-gestures';

const PhotoViewer = lazy(() => import('./PhotoViewer').then((m) => ({ default: m.PhotoViewer })));
/** The full-screen viewer is open while the URL ends in #photos: the phone's back button closes it. */
const VIEWER_HASH = 'photos';

/** The listing's photos: one at a time with previous/next, a counter and thumbnails. */
/** `thumbs[i]` is a small variant of `images[i]` for the strip (the large one would cost ~20 KB each on a phone). */
export function ImageCarousel({ images, thumbs, title }: { images: readonly string[]; thumbs?: readonly string[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const count = images.length;
  const viewerOpen = useLocation({ select: (l) => l.hash === VIEWER_HASH });
  const navigate = useNavigate();
  const router = useRouter();
  const [openedHere, setOpenedHere] = useState(false);
  /** where one finger touched the photo; a sideways swipe from there changes photo, as in the full-screen viewer */
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  if (count === 0) {
    return (
      <div className="carousel">
        <div className="carousel__stage carousel__stage--empty">
          <p>{t('No images available')}</p>
        </div>
      </div>
    );
  }

  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);
  const markFailed = (i: number) => setFailed((old) => new Set(old).add(i));

  const openViewer = () => {
    setOpenedHere(true);
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => prev, hash: VIEWER_HASH, resetScroll: false } as never);
  };
  // back to the page: undo our own history entry, or (a shared #photos link) drop the hash
  const closeViewer = () => {
    if (openedHere) router.history.back();
    else void navigate({ to: '.', search: (prev: Record<string, unknown>) => prev, hash: '', replace: true, resetScroll: false } as never);
    setOpenedHere(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    }
  };

  // Touch events, not pointer capture: a vertical drag must still scroll the page (touch-action: pan-y).
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches.length === 1 ? event.touches[0] : undefined;
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || count < 2) return;
    const step = swipeStep(touch.clientX - start.x, touch.clientY - start.y, event.currentTarget.clientWidth);
    if (step !== 0) go(current + step);
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={`Photos of ${title}`} onKeyDown={onKeyDown}>
      <div className="carousel__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} onTouchCancel={() => (touchStart.current = null)}>
        {failed.has(current) ? (
          <p className="carousel__missing">{t('Image not available')}</p>
        ) : (
          <button type="button" className="carousel__open" aria-label={t('Open photo {n} full screen', { n: current + 1 })} onClick={openViewer}>
            <img
              key={images[current]}
              src={images[current]}
              alt={`${title}, photo ${current + 1} of ${count}`}
              width={800}
              height={600}
              decoding="async"
              fetchPriority={current === 0 ? 'high' : 'auto'}
              onError={() => markFailed(current)}
            />
          </button>
        )}
        {count > 1 && (
          <>
            <button type="button" className="carousel__nav carousel__nav--prev" aria-label={t('Previous image')} onClick={() => go(current - 1)}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path fill="currentColor" d="M15.4 7.4 10.8 12l4.6 4.6L14 18l-6-6 6-6 1.4 1.4Z" />
              </svg>
            </button>
            <button type="button" className="carousel__nav carousel__nav--next" aria-label={t('Next image')} onClick={() => go(current + 1)}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6-1.4-1.4Z" />
              </svg>
            </button>
          </>
        )}
        <p className="carousel__counter" aria-live="polite">
          {current + 1} / {count}
        </p>
      </div>
      {count > 1 && (
        <ul className="carousel__thumbs">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className={i === current ? 'carousel__thumb is-current' : 'carousel__thumb'}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                {failed.has(i) ? (
                  <span aria-hidden="true">?</span>
                ) : (
                  <img src={thumbs?.[i] ?? src} alt="" width={96} height={72} loading="lazy" decoding="async" onError={() => markFailed(i)} />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerOpen && (
        <Suspense fallback={null}>
          <PhotoViewer images={images} title={title} index={current} onIndex={setIndex} onClose={closeViewer} />
        </Suspense>
      )}
    </section>
  );
}
