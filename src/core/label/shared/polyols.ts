// What every market's energy step shares about polyols (docs/labeling.md#polyol-energy): the amounts of
// each polyol on a basis, and the gap an ingredient that is a polyol by name but states no amount leaves.
// Unknown is never zero (docs/api.md#unknown-is-never-zero): with such a gap, the energy of a market that
// gives polyols a factor of their own is unknown, said in a missing_nutrient warning, until it is
// accepted (label_settings.accept_missing lists sugar_alcohol).
import type { PolyolAmounts } from '../rules/polyol-energy.js';
import { POLYOL_NUTRIENTS } from '../rules/polyol-energy.js';
import type { LabelStart } from './label-steps.js';
import type { LabelWarning } from './model.js';

/** The polyol amounts of a basis (per 100 g, per serving), those not known left out. */
export function polyolAmounts(values: Readonly<Record<string, number | null | undefined>>): PolyolAmounts {
  const out: PolyolAmounts = {};
  for (const key of ['sugar_alcohol', ...POLYOL_NUTRIENTS] as const) {
    const v = values[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = v;
  }
  return out;
}

/** The gap of polyol ingredients without an amount: the warning, and whether energy is unknown because of it. */
export function polyolGap(label: LabelStart): { warning: LabelWarning | null; energyUnknown: boolean } {
  const unknown = label.input.added?.sweetening?.polyols_unknown ?? [];
  if (unknown.length === 0) return { warning: null, energyUnknown: false };
  const accepted = (label.settings.accept_missing ?? []).includes('sugar_alcohol');
  const names = unknown.map((i) => i.name).join(', ');
  return {
    warning: {
      code: 'missing_nutrient',
      message: `Polyols: ${names} ${unknown.length === 1 ? 'is a polyol' : 'are polyols'} by name but ${unknown.length === 1 ? 'states' : 'state'} no amount (sugar_alcohol, erythritol, ...); ${
        accepted
          ? 'taken as zero because label_settings.accept_missing lists sugar_alcohol.'
          : 'the energy rests on it and is unknown: add the amount, or list sugar_alcohol in label_settings.accept_missing.'
      }`,
      nutrient: 'sugar_alcohol',
      ingredient_ids: unknown.map((i) => i.id),
      accepted,
    },
    energyUnknown: !accepted,
  };
}

/** The warnings of a polyol energy computation (factors unconfirmed, polyols not named one by one). */
export function polyolEnergyWarnings(warnings: ReadonlyArray<{ code: string; message: string }>): LabelWarning[] {
  return warnings.map((w) => ({ code: w.code as LabelWarning['code'], message: w.message, accepted: false }));
}
