import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './auth.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one reacts to Escape and Tab. */
const openDialogs: HTMLElement[] = [];

type DialogProps = {
  title: ReactNode;
  /** Called on Escape, the close button and a backdrop click. */
  onClose: () => void;
  children: ReactNode;
  /** Extra header content before the title (e.g. a back button). */
  leading?: ReactNode;
  /** 'sheet' goes full-screen on phones (the login modal); 'card' stays a centred card. */
  variant?: 'sheet' | 'card';
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  /** Block closing while a request is in flight. */
  busy?: boolean;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
};

/**
 * A modal dialog: labelled by its title, focus moved in and trapped, Escape closes, focus goes back
 * to where it was, page scroll locked. Rendered in a portal below the app's toasts (z-index), not in
 * the browser's top layer, so a toast raised while it is open stays visible above it.
 */
export function Dialog({
  title,
  onClose,
  children,
  leading,
  variant = 'card',
  hideTitle = false,
  busy = false,
  className,
  role = 'dialog',
  describedBy,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  onCloseRef.current = onClose;
  busyRef.current = busy;

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(panel);

    const initial = panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel.querySelector<HTMLElement>(FOCUSABLE);
    (initial ?? panel).focus();

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busyRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openDialogs.indexOf(panel);
      if (index >= 0) openDialogs.splice(index, 1);
      if (openDialogs.length === 0) document.body.style.overflow = previousOverflow;
      // Back to the opener, unless it has gone (e.g. the Login button became the avatar).
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return createPortal(
    <div className={`auth-dialog-backdrop auth-dialog-backdrop--${variant}`} onMouseDown={(event) => {
      if (event.target === event.currentTarget && !busyRef.current) onCloseRef.current();
    }}>
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`auth-dialog auth-dialog--${variant}${className ? ` ${className}` : ''}`}
      >
        <div className="auth-dialog__header">
          {leading}
          <h2 id={titleId} className={hideTitle ? 'auth-visually-hidden' : 'auth-dialog__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="auth-icon-button auth-dialog__close"
            aria-label="Close"
            onClick={() => onCloseRef.current()}
            disabled={busy}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="m12 10.6 5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3 1.4-1.4z" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
