export * from './list-definition';
export * from './list-cache';
export * from './use-list-state';
export * from './use-list-after-action';
export * from './list-query';
export * from './collector-param';
export * from './enum-param';
export * from './list-views';
