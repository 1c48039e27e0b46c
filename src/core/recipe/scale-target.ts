// Scaling to a target (docs/api.md#scale): instead of an amount, the caller names what the new
// batch must yield, and the amount follows from the original:
// - target_servings: servings in the whole batch (packages x servings per package);
// - target_packages: packages in the batch (at least 1: a scaled batch never has fewer, docs/api.md#recipes);
// - target_grams: the finished weight of the batch (after cooking: the package yield, else net weight).
// One of them, or scale_amount/scale_factor, may be sent; the amount it gives must lie in SCALE.
import { GRAMS, QUANTITY, rangeError, SCALE, type Range } from '../bounds.js';
import { numberOf } from './rules.js';
import { parseScaleAmount, scaledName } from './scale.js';

export const SCALE_TARGETS = ['target_servings', 'target_packages', 'target_grams'] as const;
export type ScaleTarget = (typeof SCALE_TARGETS)[number];

/** What the original batch yields, as the recipe engine computes it. */
export interface ScaleBasis {
  packages: number;
  servings: number;
  /** Finished weight of the whole batch, grams. */
  batch_grams: number;
}

export type ScalePlanResult =
  | { ok: true; amount: number; defaultName: (name: string) => string }
  | { ok: false; errors: Record<string, string[]> };

const TARGET_RANGES: Record<ScaleTarget, Range> = {
  target_servings: { min: 1, max: QUANTITY.max },
  target_packages: { min: 1, max: QUANTITY.max },
  target_grams: { min: SCALE.min, max: GRAMS.max },
};

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The amount as a readable number for a name (at most 4 decimals). */
const short = (n: number) => String(Number(n.toFixed(4)));

const TARGET_NAMES: Record<ScaleTarget, (name: string, target: number) => string> = {
  target_servings: (name, n) => `${name} (${short(n)} ${n === 1 ? 'serving' : 'servings'})`,
  target_packages: (name, n) => `${name} (${short(n)} ${n === 1 ? 'package' : 'packages'})`,
  target_grams: (name, n) => `${name} (${short(n)} g)`,
};

function baseOf(target: ScaleTarget, basis: ScaleBasis): number {
  const packages = basis.packages > 0 ? basis.packages : 1;
  if (target === 'target_servings') return packages * basis.servings;
  if (target === 'target_packages') return packages;
  return basis.batch_grams;
}

/** The amount to scale by, from scale_amount/scale_factor or one target; 422 errors by field otherwise. */
export function planScale(input: Record<string, unknown>, basis: ScaleBasis): ScalePlanResult {
  const targets = SCALE_TARGETS.filter((t) => given(input[t]));
  const amounts = (['scale_amount', 'scale_factor'] as const).filter((f) => given(input[f]));
  const [field] = targets;
  if (field === undefined) {
    const parsed = parseScaleAmount(input);
    return parsed.ok ? { ok: true, amount: parsed.amount, defaultName: (name) => scaledName(name, parsed.amount) } : parsed;
  }
  if (targets.length + amounts.length > 1) {
    const message = `send only one of scale_amount, ${SCALE_TARGETS.join(', ')}`;
    return { ok: false, errors: Object.fromEntries([...amounts, ...targets].map((f) => [f, [message]])) };
  }
  const value = numberOf(input[field]);
  if (value === undefined) return { ok: false, errors: { [field]: ['must be a number'] } };
  const outOfRange = rangeError(value, TARGET_RANGES[field]);
  if (outOfRange) return { ok: false, errors: { [field]: [outOfRange] } };
  const base = baseOf(field, basis);
  if (!(base > 0))
    return { ok: false, errors: { [field]: ['the recipe has no finished weight to scale from: add ingredients with weight first'] } };
  const amount = value / base;
  if (rangeError(amount, SCALE)) {
    return { ok: false, errors: { [field]: [`gives a scale of ${short(amount)} times the recipe, outside ${SCALE.min} to ${SCALE.max}`] } };
  }
  return { ok: true, amount, defaultName: (name) => TARGET_NAMES[field](name, value) };
}
