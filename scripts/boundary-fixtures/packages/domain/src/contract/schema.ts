// A wire schema importing a rule, and a cycle: refused.
import { rule } from '../rule.ts';

export const schema = rule;
