/** The renderer's client runtime (framework-free). */
export * from './errors';
export * from './types';
export * from './observable';
export * from './url';
export * from './tracking';
export * from './paging';
export * from './request';
export * from './logger';
export * from './session-store';
export * from './identity-store';
export * from './flags';
