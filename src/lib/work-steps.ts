// A count of the steps validators and parsers take over what a client sent, so a test can prove that
// their work grows in step with their input (docs/api.md#input-budgets): grow each input shape ten
// times, and the steps grow about ten times, never a hundred. Nobody counts in production: a step is
// one call through an unset function.

type Counter = (steps: number) => void;

let counter: Counter | null = null;

/** Counts `steps` (default 1) units of work on client input, when a counter is set. */
export function workStep(steps = 1): void {
  if (counter !== null) counter(steps);
}

/** Sets the function that receives every step (null: stop counting); returns the previous one. */
export function setWorkCounter(next: Counter | null): Counter | null {
  const previous = counter;
  counter = next;
  return previous;
}
