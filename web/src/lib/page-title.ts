import { useEffect } from 'react';

export const SITE_TITLE = 'SEL - Your Trusted Marketplace';

/** Sets the tab title (verbatim) while the calling screen is mounted; empty keeps the site title. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title || SITE_TITLE;
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
}
