// History (docs/api.md#history): the recording of changes, inside each write's own transaction (an audit
// event and the revisions of the recipes it changed, record.ts), how a recipe's tree is stored by its
// revisions (parts.ts, snapshot.ts), reads as of a past moment (as-of.ts), and retention (prune.ts).
// Reading revisions is services/revisions, reading the audit trail services/audit. The one entry other
// layers and features import from.
export * from './as-of.js';
export { changedKeys, parseManifest } from './parts.js';
export * from './prune.js';
export * from './record.js';
export { recordRevision } from './revision.js';
export * from './snapshot.js';
export * from './tracing.js';
