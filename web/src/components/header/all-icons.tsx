import { FIRST_SCREEN_PATHS, PathIcon } from './icons';

/** Every header icon: the first screen's (./icons) and the ones only menus and wider screens show. */
const PATHS = {
  ...FIRST_SCREEN_PATHS,
  crown: 'M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7Zm3.7 10h10.6l1-6.1-2.3 2.1L12 7.6 7.9 13l-2.2-2.1.9 6.1Z',
  chat:
    'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v11.2L7.2 14H20V6H4Zm3 3h10v2H7V9Z',
  bell:
    'M12 2a6 6 0 0 1 6 6v4.6l2 3.4v1H4v-1l2-3.4V8a6 6 0 0 1 6-6Zm0 2a4 4 0 0 0-4 4v5.1L6.8 15h10.4L16 13.1V8a4 4 0 0 0-4-4Zm-2.5 15h5a2.5 2.5 0 0 1-5 0Z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7V4Z',
  list: 'M4 5h2v2H4V5Zm4 0h12v2H8V5ZM4 11h2v2H4v-2Zm4 0h12v2H8v-2Zm-4 6h2v2H4v-2Zm4 0h12v2H8v-2Z',
  help:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 11h2v2h-2v-2Zm1-9a3.5 3.5 0 0 1 1.2 6.8c-.2.1-.2.2-.2.4V14h-2v-1.3c0-1 .6-1.8 1.5-2.1A1.5 1.5 0 1 0 10.5 9h-2A3.5 3.5 0 0 1 12 6Z',
  clock:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 3h2v4.6l3.7 2.2-1 1.7-4.7-2.8V7Z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return <PathIcon path={PATHS[name]} size={size} className={className} />;
}
