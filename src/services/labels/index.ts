// The labels feature: the one entry other layers and features import from.
export * from './canonical.js';
export * from './embed-cache.js';
export * from './embeds.js';
export * from './files.js';
export * from './front-of-pack.js';
export * from './label-changes.js';
export * from './labels.js';
export * from './render-file.js';
export * from './renders.js';
export * from './saved.js';
