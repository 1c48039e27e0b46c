// The audit trail (docs/api.md#audit): the account's events read, and the account page's key events
// recorded. Each write records its own event through services/history. The one entry other layers and
// features import from.
export * from './audit.js';
