import { lazy, Suspense } from 'react';
import { useParams, useSearch } from 'wouter';
import { SharedLinkLanding, type SharedMapInput } from '../../features/shared-tracking/index.ts';

// The tracking map is loaded only when a shared view draws it, so the landing's first screen
// carries none of the map's code (ARCHITECTURE "Map code is lazy-loaded").
const TrackingMap = lazy(() =>
  import('../../features/tracking/components/tracking-map.tsx').then((module) => ({
    default: module.TrackingMap,
  })),
);

function SharedMap(input: SharedMapInput) {
  return (
    <Suspense fallback={null}>
      <TrackingMap {...input} />
    </Suspense>
  );
}

/** /{serviceId}: SPEC 2 "Landing for shared links" (decision 475). */
export function Component() {
  const { serviceId } = useParams<{ serviceId: string }>();
  const search = useSearch();
  return (
    <SharedLinkLanding
      serviceId={serviceId}
      search={search}
      renderMap={(input) => <SharedMap {...input} />}
    />
  );
}
