// Open defects the suite knows about and does not count as failures, each by name.
// An entry hides only the violations it describes; everything it hides is still counted and printed
// ("excluded"), and an entry must go as soon as its fix is merged. Empty is the goal.
import type { Violation } from './checks.js';

export interface OpenDefect {
  /** The defect, in a few words. */
  defect: string;
  /** Whether a violation on this request is this defect. `request` is a one-line description. */
  applies(request: string, violation: Violation): boolean;
}

export const OPEN_DEFECTS: OpenDefect[] = [];

export function openDefectOf(request: string, violation: Violation): string | null {
  return OPEN_DEFECTS.find((d) => d.applies(request, violation))?.defect ?? null;
}
