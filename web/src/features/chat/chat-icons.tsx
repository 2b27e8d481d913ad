/** Small icons for the chat screens: 24×24 paths, decorative (the control carries the label). */
const PATHS = {
  star: 'm12 2.8 2.8 6 6.5.7-4.9 4.4 1.4 6.4L12 17l-5.8 3.3 1.4-6.4-4.9-4.4 6.5-.7L12 2.8Z',
  starOutline:
    'm12 2.8 2.8 6 6.5.7-4.9 4.4 1.4 6.4L12 17l-5.8 3.3 1.4-6.4-4.9-4.4 6.5-.7L12 2.8Zm0 4.9-1.5 3.3-3.6.4 2.7 2.4-.8 3.6 3.2-1.8 3.2 1.8-.8-3.6 2.7-2.4-3.6-.4L12 7.7Z',
  back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z',
  send: 'M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2v6.4Z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z',
  checks: 'M.4 13.4 6 19l1.4-1.4L1.8 12 .4 13.4ZM22.2 5.6 11.6 16.2 7.4 12 6 13.4l5.6 5.6 12-12-1.4-1.4ZM18 7l-1.4-1.4-6.3 6.3 1.4 1.4L18 7Z',
  clock: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v4.6l3.5 2.1-1 1.7L11 12.7V7h2Z',
  warning: 'M1 21 12 2l11 19H1Zm11-4a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Zm-1-7v5h2v-5h-2Z',
  search: 'M9.5 3a6.5 6.5 0 0 1 5.25 10.34l5.45 5.45-1.41 1.42-5.45-5.46A6.5 6.5 0 1 1 9.5 3Zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z',
} as const;

export type ChatIconName = keyof typeof PATHS;

export function ChatIcon({ name, size = 20, className }: { name: ChatIconName; size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className={className}>
      <path fill="currentColor" d={PATHS[name]} />
    </svg>
  );
}
