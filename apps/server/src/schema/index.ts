// The whole database schema. drizzle-kit reads this file (drizzle.config.ts) to generate migrations.
export * from './acc';
export * from './attributes';
export * from './audit';
export * from './billing';
export * from './compliance';
export * from './credentials';
export * from './elements';
export * from './files';
export * from './fragments';
export * from './ids';
export * from './metadata';
export * from './notifications';
export * from './projects';
export * from './rate-limits';
export * from './reports';
export * from './settings';
export * from './users';
