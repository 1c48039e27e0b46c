// The usda feature: the one entry other layers and features import from.
export * from './import.js';
export * from './reader.js';
export * from './source.js';
export * from './import-sr28.js';
export * from './library-writer.js';
