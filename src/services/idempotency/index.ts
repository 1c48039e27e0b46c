// The idempotency feature (docs/api.md §10.3): the one entry other layers import from.
export * from './fingerprint.js';
export * from './keys.js';
