import type { ComponentType } from 'react';
import type { AppRoute } from './route-table.tsx';

// The screens' code, as it arrives. The router draws a screen whose code is here at once; one
// still on its way suspends (router.tsx).

/** Screens whose code has arrived: drawn at once, with no loading state between. */
const arrived = new Map<AppRoute, ComponentType>();

/**
 * Loads a screen's code. The page's first screen is loaded before the app's first render (main.tsx),
 * so that render draws the screen itself in place of what the server painted, never a loading line.
 */
export async function loadScreen(route: AppRoute): Promise<ComponentType> {
  const { Component } = await route.load();
  arrived.set(route, Component);
  return Component;
}

/** The screen's component when its code has arrived, else undefined. */
export function arrivedScreen(route: AppRoute): ComponentType | undefined {
  return arrived.get(route);
}
