// Time in the API's wire format, and an injectable clock so tests can cross week boundaries.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** YYYY-MM-DDTHH:MM:SSZ (docs/api.md#responses: UTC, no fractions). */
export function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** YYYY-MM-DD in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
