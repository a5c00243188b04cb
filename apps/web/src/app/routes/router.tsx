import { lazy, memo, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ROUTE_TABLE, type AppRoute } from './route-table.tsx';
import { arrivedScreen, loadScreen } from './screen-code.ts';
import { ScreenErrorBoundary } from './route-error.tsx';
import { ScreenLoading } from './screen-loading.tsx';
import { useHistoryDepth } from '../../lib/history-depth.ts';

// The SPEC 2 route table through wouter's <Switch>: the first entry whose pattern matches wins, in
// table order (decision 240). Each screen is a lazy chunk with its own error boundary, so the header
// stays when one screen fails to load.

function screenOf(route: AppRoute): ComponentType {
  const Lazy = lazy(() => loadScreen(route).then((Component) => ({ default: Component })));
  return function Screen(props: object) {
    const Arrived = arrivedScreen(route);
    return Arrived ? <Arrived {...props} /> : <Lazy {...props} />;
  };
}

const screens = new Map<AppRoute, ComponentType>(
  ROUTE_TABLE.map((route) => [route, screenOf(route)]),
);

/**
 * The screen of the current path; `onScreenError` hears of a screen that failed to load or render.
 * Memoised: the frame around it re-renders as its own reads arrive (the account, the integrations,
 * the offline state), and the screen need not be drawn again for them.
 */
export const AppRoutes = memo(function AppRoutes({
  onScreenError,
}: {
  onScreenError?: (error: unknown) => void;
}) {
  const [location] = useLocation();
  useScrollToTopOnNavigation(location);
  useHistoryDepth(location);
  return (
    <ScreenErrorBoundary key={location} onError={onScreenError}>
      <Suspense fallback={<ScreenLoading />}>
        <Switch>
          {ROUTE_TABLE.map((route) => (
            <Route
              key={route.path}
              path={route.path === '*' ? undefined : route.path}
              component={screens.get(route)}
            />
          ))}
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
});

/** A new screen starts at its top (what a full page load would do). */
function useScrollToTopOnNavigation(location: string): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
