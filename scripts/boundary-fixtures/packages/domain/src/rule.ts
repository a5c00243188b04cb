import { schema } from './contract/schema.ts';

export const rule = (): string => schema;
