// Unknown is never zero (docs/api.md#trust-and-completeness): reading a label's input amounts so that a nutrient nobody
// knows stays unknown. An amount is either known, known only in part (some ingredients have no value:
// the known sum, flagged), or absent (no value at all: null). label_settings.accept_missing turns the
// gap into an accepted zero contribution, still said in a warning.
import { Decimal, dec } from './decimal-round.js';
import type { LabelWarning } from './model.js';
import type { LabelGaps } from './warnings.js';

export interface KnownAmount {
  /** The amount; null when no value is known and the gap is not accepted. */
  value: Decimal | null;
  /** Rests on unknown values the account did not accept: nothing may be decided on it. */
  blocked: boolean;
  /** No value at all in the input (as opposed to a sum that misses some ingredients). */
  absent: boolean;
}

/** Reads unrounded amounts (any basis) with the recipe's gaps. */
export class KnownAmounts {
  constructor(
    private readonly values: Readonly<Record<string, number | null | undefined>>,
    private readonly gaps: LabelGaps,
    private readonly accepted: ReadonlySet<string>,
  ) {}

  get(key: string): KnownAmount {
    const raw = this.values[key];
    if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      return this.accepted.has(key)
        ? { value: new Decimal(0), blocked: false, absent: true }
        : { value: null, blocked: true, absent: true };
    }
    // A negative amount cannot occur in food; a rounding artefact upstream must not print "-0".
    return { value: Decimal.max(dec(raw), 0), blocked: this.gaps.blocked(key), absent: false };
  }
}

/** Sum of terms, null when any term is null (a total over an unknown part is unknown). */
export function sumKnown(terms: ReadonlyArray<Decimal | null>): Decimal | null {
  let total = new Decimal(0);
  for (const term of terms) {
    if (term === null) return null;
    total = total.plus(term);
  }
  return total;
}

/**
 * `missing_nutrient` warnings for the keys that have no value at all and no ingredient named by the
 * recipe's gap index (LabelGaps.rowWarnings covers those that have one): the label still says it.
 */
export function absentWarnings(
  keys: readonly string[],
  amounts: KnownAmounts,
  gaps: LabelGaps,
  printedName: (key: string) => string,
): LabelWarning[] {
  const out: LabelWarning[] = [];
  for (const key of keys) {
    const amount = amounts.get(key);
    if (!amount.absent || gaps.unknown(key)) continue;
    const accepted = !amount.blocked;
    out.push({
      code: 'missing_nutrient',
      message: `${printedName(key)}: no value known for this recipe; ${
        accepted
          ? 'taken as zero because label_settings.accept_missing lists it.'
          : 'printed as unknown; add the values, or list it in label_settings.accept_missing.'
      }`,
      nutrient: key,
      accepted,
    });
  }
  return out;
}
