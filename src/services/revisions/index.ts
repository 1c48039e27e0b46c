// Revisions (docs/api.md#history): a recipe's revisions listed, and any two compared. They are recorded by
// services/history with every write. The one entry other layers and features import from.
export * from './revision-diff.js';
export * from './revisions.js';
