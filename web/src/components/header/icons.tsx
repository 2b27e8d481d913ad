/**
 * Header icons: 24×24 paths, decorative (the control carries the label). The ones the first screen
 * shows are here; the rest (menus, desktop header, search list) are in ./all-icons, which comes with
 * the code that uses them (the home page's JavaScript budget, decision 011).
 */
export const FIRST_SCREEN_PATHS = {
  search:
    'M9.5 3a6.5 6.5 0 0 1 5.25 10.34l5.45 5.45-1.41 1.42-5.45-5.46A6.5 6.5 0 1 1 9.5 3Zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z',
  heart:
    'M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.8 4.5 7.3 4.5c2 0 3.5 1.1 4.7 2.7 1.2-1.6 2.7-2.7 4.7-2.7 3.5 0 5.6 3.5 4.5 6.7-1.7 4.7-9.2 9.3-9.2 9.3Zm0-2.4c2.4-1.6 6-4.5 7.3-7.6.7-2-.6-4-2.6-4-1.5 0-2.6 1-3.8 2.8L12 10.7l-.9-1.4C9.9 7.5 8.8 6.5 7.3 6.5c-2 0-3.3 2-2.6 4 1.3 3.1 4.9 6 7.3 7.6Z',
  menu: 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z',
  chevron: 'm7.4 8.6 4.6 4.6 4.6-4.6L18 10l-6 6-6-6 1.4-1.4Z',
  pin:
    'M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7Zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
} as const;

export type IconName = keyof typeof FIRST_SCREEN_PATHS;

export function PathIcon({ path, size = 24, className }: { path: string; size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className={className}>
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return <PathIcon path={FIRST_SCREEN_PATHS[name]} size={size} className={className} />;
}
