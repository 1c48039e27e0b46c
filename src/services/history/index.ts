// The history feature (docs/api.md §9): the one entry other layers and features import from.
export * from './as-of.js';
export * from './audit.js';
export * from './prune.js';
export * from './record.js';
export { recordRevision } from './revision.js';
export * from './revision-diff.js';
export * from './revisions.js';
export * from './snapshot.js';
export * from './tracing.js';
