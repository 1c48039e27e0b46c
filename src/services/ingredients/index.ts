// The ingredients feature: the one entry other layers and features import from.
export * from './copy.js';
export * from './ingredients.js';
export * from './public-library.js';
export * from './search.js';
export * from './usage.js';
