import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { useSelectedLocation } from '../locations/selected-location';
import { menuSearch } from './category-bar';
import { MEGA_MENU } from './menu';

/** ALL CATEGORIES: every group and its entries, each a /products link (spec part 1 §2). */
export function MegaMenuPanel({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const location = useSelectedLocation();
  const firstLink = useRef<HTMLAnchorElement>(null);

  // Keyboard users land in the menu; Escape (handled by the popover) takes them back to the button.
  useEffect(() => {
    firstLink.current?.focus({ preventScroll: true });
  }, []);

  return (
    <nav aria-label={t('ALL CATEGORIES')} className="mega-menu__inner">
      {MEGA_MENU.map((group, groupIndex) => (
        <section key={group.label} className="mega-menu__group">
          <h3 className="mega-menu__heading">
            <Link to="/products" search={menuSearch(group, location)} onClick={onNavigate} ref={groupIndex === 0 ? firstLink : undefined}>
              {t(group.label)}
            </Link>
          </h3>
          <ul>
            {group.items.map((item) => (
              <li key={`${item.label}-${item.subcategory ?? ''}`}>
                <Link to="/products" search={menuSearch(item, location)} onClick={onNavigate} className="mega-menu__link">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
