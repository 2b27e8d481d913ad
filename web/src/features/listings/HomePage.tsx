import { Suspense, lazy } from 'react';
import { useIsMobile } from '../../lib/use-media-query';
import { FreshRecommendations } from './FreshRecommendations';
import { HomePending } from './HomePending';

const MobileHome = lazy(() => import('./MobileHome').then((m) => ({ default: m.MobileHome })));

/** Desktop: fresh recommendations. Mobile (< 768 px): its own layout, loaded only on phones. */
export function HomePage() {
  const isMobile = useIsMobile();
  if (!isMobile) return <FreshRecommendations />;
  return (
    <Suspense fallback={<HomePending />}>
      <MobileHome />
    </Suspense>
  );
}
