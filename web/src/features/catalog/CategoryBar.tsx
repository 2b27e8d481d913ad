import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useId } from 'react';
import { Icon } from '../../components/header/icons';
import { useT } from '../../lib/i18n';
import { usePopover } from '../../lib/use-popover';
import { useSelectedLocation } from '../locations/selected-location';
import { CATEGORY_BAR, menuSearch } from './category-bar';

const loadMegaMenu = () => import('./MegaMenuPanel');
const MegaMenuPanel = lazy(() => loadMegaMenu().then((m) => ({ default: m.MegaMenuPanel })));

/** The desktop bar under the header: ALL CATEGORIES (mega menu) and the popular shortcuts. */
export function CategoryBar() {
  const t = useT();
  const location = useSelectedLocation();
  const popover = usePopover();
  const panelId = useId();

  return (
    <div className="category-bar">
      <div className="category-bar__inner">
        <button
          ref={popover.triggerRef}
          type="button"
          className="category-bar__all"
          aria-expanded={popover.open}
          aria-controls={popover.open ? panelId : undefined}
          onClick={popover.toggle}
          onPointerEnter={() => void loadMegaMenu()}
          onFocus={() => void loadMegaMenu()}
        >
          {t('ALL CATEGORIES')}
          <Icon name="chevron" size={20} className="chevron" />
        </button>
        <nav aria-label="Popular categories" className="category-bar__nav">
          <ul>
            {CATEGORY_BAR.map((item) => (
              <li key={item.label}>
                <Link to="/products" search={menuSearch(item, location)} className="category-bar__link">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {popover.open && (
        <div ref={popover.panelRef} id={panelId} className="mega-menu">
          <Suspense fallback={<p className="muted mega-menu__loading">Loading...</p>}>
            <MegaMenuPanel onNavigate={() => popover.close()} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
