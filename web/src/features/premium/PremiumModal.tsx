import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the top one answers Escape and Tab. */
const stack: HTMLElement[] = [];

type PremiumModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** While a payment is being verified the modal cannot be closed. */
  busy?: boolean;
  className?: string;
  describedBy?: string;
};

/**
 * A modal in a portal rather than a native <dialog>: Razorpay's checkout opens its own overlay on
 * <body>, and the browser's top layer (showModal) would sit above it and make it inert. Focus is
 * moved in and kept in, Escape and the backdrop close, focus returns to the opener.
 */
export function PremiumModal({ title, onClose, children, busy = false, className, describedBy }: PremiumModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  onCloseRef.current = onClose;
  busyRef.current = busy;

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(panel);
    // A disabled target (Pay while the order is on its way) cannot take focus: the panel does.
    const target = panel.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)');
    (target ?? panel).focus();
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
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
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
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className="premium-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busyRef.current) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`premium-modal${className ? ` ${className}` : ''}`}
      >
        <div className="premium-modal__header">
          <h2 id={titleId} className="premium-modal__title">
            {title}
          </h2>
          <button type="button" className="premium-modal__close" aria-label="Close" onClick={() => onCloseRef.current()} disabled={busy}>
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
