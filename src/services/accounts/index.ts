// The accounts feature: the one entry other layers and features import from.
export * from './accounts.js';
export * from './api-keys.js';
export * from './sessions.js';
export type * from './views.js';
