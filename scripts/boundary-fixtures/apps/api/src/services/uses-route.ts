// A service importing a route: refused.
import { route } from '../routes/route.ts';

export const usesRoute = route;
