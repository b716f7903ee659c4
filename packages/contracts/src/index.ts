export * from './auth';
export * from './bimfiles';
export * from './errors';
export * from './health';
export * from './idsfiles';
export * from './members';
export * from './projects';
export * from './metadata';
