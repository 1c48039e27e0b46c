// The costing core: one import point for services.
export * from './money.js';
export * from './dates.js';
export * from './entry.js';
export * from './rollup.js';
export * from './from-recipe.js';
export * from './json.js';
