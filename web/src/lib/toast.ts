/**
 * A tiny toast store (spec part 1 §2 "Toasts top-right", §9: 4 s default, 3 s success, 5 s error).
 * Call `toast.success('Saved')` from anywhere — components, mutations, plain functions; the single
 * `<Toaster />` in the root layout renders whatever is in the store.
 */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS: Record<ToastKind, number> = { info: 4000, success: 3000, error: 5000 };
/** Older toasts are dropped beyond this, so a burst of errors can't cover the page. */
const MAX_VISIBLE = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string, durationMs = TOAST_DURATION_MS[kind]): number {
  // The same message twice in a row (double click, retried request) shows once, with a fresh timer.
  const duplicate = toasts.find((t) => t.kind === kind && t.message === message);
  if (duplicate) dismissToast(duplicate.id);
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_VISIBLE);
  if (typeof window !== 'undefined' && durationMs > 0) {
    timers.set(id, setTimeout(() => dismissToast(id), durationMs));
  }
  emit();
  return id;
}

export const toast = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  dismiss: dismissToast,
};

/** For useSyncExternalStore. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
