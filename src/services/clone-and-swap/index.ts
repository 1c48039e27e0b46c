// The clone-and-swap feature (docs/api.md#clone-and-swap): the one entry other layers import from.
export * from './clone-and-swap.js';
