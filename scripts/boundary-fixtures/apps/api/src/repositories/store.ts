// A repository importing a service: refused.
import { rule } from '../services/rule.ts';

export const store = rule;
