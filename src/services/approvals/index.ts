// The label approvals feature (docs/api.md §9): the one entry other layers and features import from.
export * from './approvals.js';
export * from './rules-version.js';
