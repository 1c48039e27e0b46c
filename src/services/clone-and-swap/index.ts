// The clone-and-swap feature (docs/api.md §10.4): the one entry other layers import from.
export * from './clone-and-swap.js';
