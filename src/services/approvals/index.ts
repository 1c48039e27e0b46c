// The label approvals feature (docs/api.md#history): the one entry other layers and features import from.
export * from './approvals.js';
export * from './rules-version.js';
