// The recipe core: one import point for services and the label work.
export * from './types.js';
export * from './yield.js';
export * from './engine.js';
export * from './statement.js';
export * from './rules.js';
export * from './label-settings.js';
export * from './lines.js';
export * from './scale.js';
export * from './scale-target.js';
export * from './shortcut.js';
export * from './cycles.js';
export * from './missing.js';
export * from './label-serving.js';
export * from './translation.js';
export * from './inferred-allergens.js';
