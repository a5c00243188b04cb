// A feature reaching into another feature: refused.
import { beta } from '../beta/beta.ts';

export const alpha = `alpha ${beta}`;
