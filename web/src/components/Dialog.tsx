import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../lib/i18n';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one answers Escape and Tab. */
const stack: HTMLElement[] = [];

/**
 * - `centered`: a card in the middle; on phones a bottom sheet.
 * - `sheet`: a card on wide screens, full screen on phones (sign-in).
 * - `drawer-left` / `drawer-right`: a full-height panel from that side (menu, filters).
 * - `fullscreen`: the whole viewport (location picker, category guide).
 */
export type DialogVariant = 'centered' | 'sheet' | 'drawer-left' | 'drawer-right' | 'fullscreen';

type DialogProps = {
  /** Rendered only while true (default true, for dialogs mounted when they open). */
  open?: boolean;
  /** Called on Escape, the close button and a backdrop tap (not while `busy`). */
  onClose: () => void;
  title: ReactNode;
  /** Visually hide the title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  variant?: DialogVariant;
  /** Extra header content before the title (e.g. a back button). */
  leading?: ReactNode;
  footer?: ReactNode;
  /** Block closing while a request or a payment check is in flight. */
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  className?: string;
  children: ReactNode;
};

/**
 * The one modal of the app. Labelled by its title; focus moves in, stays in, and goes back to the
 * opener; Escape, the close button and the backdrop close it; the page behind does not scroll.
 * Rendered in a portal rather than the browser's top layer (`showModal`), so toasts raised while it
 * is open stay above it and Razorpay's checkout overlay, opened on <body>, is not made inert.
 */
export function Dialog({ open = true, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  hideTitle = false,
  variant = 'centered',
  leading,
  footer,
  busy = false,
  role = 'dialog',
  describedBy,
  className,
  children,
}: Omit<DialogProps, 'open'>) {
  const titleId = useId();
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  onCloseRef.current = onClose;
  busyRef.current = busy;
  const close = () => {
    if (!busyRef.current) onCloseRef.current();
  };

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(panel);
    // A disabled autofocus target (Pay while the order is on its way) cannot take focus: the panel does.
    const initial = panel.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)') ?? panel.querySelector<HTMLElement>(`.dialog__body :is(${FOCUSABLE})`);
    (initial ?? panel).focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busyRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (active === first || !panel.contains(active))) {
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
      const index = stack.indexOf(panel);
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) document.body.style.overflow = previousOverflow;
      // Back to the opener, unless it has gone (e.g. the Login button became the avatar).
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className={`dialog-backdrop dialog-backdrop--${variant}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`dialog dialog--${variant}${className ? ` ${className}` : ''}`}
      >
        <div className={`dialog__header${leading ? ' dialog__header--leading' : ''}`}>
          {leading}
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          <button type="button" className="icon-button dialog__close" aria-label={t('Close')} onClick={close} disabled={busy}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="m12 10.6 5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3 1.4-1.4Z" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
