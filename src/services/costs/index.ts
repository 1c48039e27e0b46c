// The costs feature: the one entry other layers and features import from.
export * from './ingredient-costs.js';
export * from './price-cache.js';
