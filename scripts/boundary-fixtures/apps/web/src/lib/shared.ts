// A shared layer importing a feature: refused.
import { alpha } from '../features/alpha/alpha.ts';

export const shared = alpha;
