// The idempotency feature (docs/api.md#idempotency-key): the one entry other layers import from.
export * from './fingerprint.js';
export * from './keys.js';
