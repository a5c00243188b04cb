import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootLoading, RootLayout } from './root-layout.tsx';
import { RouteErrorScreen } from './route-error.tsx';
import { ROUTE_TABLE } from './route-table.tsx';

/** The route objects: the SPEC 2 table as children of the layout, in table order. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      // Shown while the first screen's code loads.
      HydrateFallback: BootLoading,
      // Each screen has its own error boundary so the header stays when one screen fails.
      children: ROUTE_TABLE.map(({ path, lazy, handle }) => ({
        path,
        lazy,
        handle,
        ErrorBoundary: RouteErrorScreen,
      })),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
