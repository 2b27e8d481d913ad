import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only once the page has painted, as a low-priority (interruptible) update:
 * below-the-fold parts wait so the first screen, and its main photo, reach the screen sooner on a
 * slow phone.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      // the frame after the next one: the first paint has happened by then
      second = requestAnimationFrame(() => startTransition(() => setReady(true)));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return ready ? children : null;
}
