import { Suspense, lazy, useState } from 'react';
import { useIsMobile } from '../../lib/use-media-query';
import { FreshRecommendations } from './FreshRecommendations';
import { HomePending } from './HomePending';
import { loadMobileHome, loadedMobileHome } from './mobile-home-module';

const MobileHomeLater = lazy(() => loadMobileHome().then((m) => ({ default: m.MobileHome })));

/** Desktop: fresh recommendations. Mobile (< 768 px): its own layout, loaded only on phones. */
export function HomePage() {
  const isMobile = useIsMobile();
  // on a phone the route's loader has loaded it; one choice per visit, so a resize never remounts it
  const [MobileHome] = useState(loadedMobileHome);
  if (!isMobile) return <FreshRecommendations />;
  if (MobileHome) return <MobileHome />;
  return (
    <Suspense fallback={<HomePending />}>
      <MobileHomeLater />
    </Suspense>
  );
}
