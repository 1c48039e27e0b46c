// The label studio (docs/studio.md): what its pages show, put together from the services the API's
// routes call. The one entry other layers and features import from.
export * from './approvals.js';
export * from './file-cache.js';
export * from './ingredient.js';
export * from './labels.js';
export * from './markets.js';
export * from './recipe.js';
export * from './revisions.js';
