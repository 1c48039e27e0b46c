// Per-serving amounts of the label rows, restated for the declared serving size, with notes on
// anything the engine had to assume.
import { Decimal, dec, plainText } from './decimal-round.js';
import type { NutrientValues } from '../../nutrients.js';
import { resolveAmount } from './label-nutrients.js';

export class ServingAmounts {
  private readonly cache = new Map<string, Decimal>();
  private readonly missing = new Set<string>();
  private readonly derivations = new Set<string>();

  /** `factor` restates the recipe's per-serving values on the declared (rounded) serving: B.01.401(1.1)
   * makes the declared metric serving the basis of every value; FDA labels likewise state amounts per
   * the serving they print. */
  constructor(
    private readonly nutrition: NutrientValues,
    readonly factor: Decimal,
  ) {}

  get(key: string): Decimal {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const r = resolveAmount(key, this.nutrition);
    if (r.missing) this.missing.add(key);
    if (r.note) this.derivations.add(r.note);
    const value = r.value.mul(this.factor);
    this.cache.set(key, value);
    return value;
  }

  /** Per whole container (unrounded servings), for dual-column labels. */
  perContainer(key: string, servingsPerContainer: number): Decimal {
    return resolveAmount(key, this.nutrition).value.mul(dec(servingsPerContainer));
  }

  notes(printed: (key: string) => string): string[] {
    const out = [...this.derivations];
    if (this.missing.size > 0) {
      out.push(`no value known for ${[...this.missing].map(printed).join(', ')}: printed as zero`);
    }
    return out;
  }
}

/** declared metric / recipe metric, or 1 when the recipe has no serving weight. */
export function restateFactor(declared: Decimal, recipe: number | null | undefined): Decimal {
  if (recipe === null || recipe === undefined || !(recipe > 0)) return new Decimal(1);
  return declared.div(dec(recipe));
}

export function restateNote(factor: Decimal, declared: Decimal, recipe: number, unit: string): string | null {
  if (factor.eq(1)) return null;
  return `per-serving values restated for the declared serving of ${plainText(declared)} ${unit} (recipe serving ${plainText(dec(recipe).toDecimalPlaces(3))} ${unit})`;
}
