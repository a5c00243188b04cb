export * from './errors.ts';
export * from './enumerations.ts';
export * from './service-types.ts';
export * from './service-status.ts';
export * from './brand.ts';
export * from './contract/app-config.ts';
export * from './contract/accounts.ts';
