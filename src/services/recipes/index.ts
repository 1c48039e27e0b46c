// The recipes feature: the one entry other layers and features import from.
export * from './costs.js';
export * from './derive.js';
export * from './label-input.js';
export * from './lines.js';
export * from './recipes.js';
export * from './replace-ingredient.js';
export * from './tree.js';
