// The Mexican label (NOM-051-SCFI/SSA1-2010 as modified in 2020): declaration per 100 g / 100 mL and per
// portion, warning seals by the phase in force, precautionary legends. Pure; decimal arithmetic.
// docs/labeling.md#mexico.
import { Decimal, dec } from '../shared/decimal-round.js';
import { absentWarnings, KnownAmounts } from '../shared/known-amounts.js';
import { isMarketComplete, missingDensityWarning } from '../shared/market-warnings.js';
import type { LabelWarning } from '../shared/model.js';
import { hundredBasis } from '../shared/per-hundred.js';
import { LabelGaps } from '../shared/warnings.js';
import { gramsToMg, mxEnergy, roundMxAmount, roundMxEnergy } from './declaration.js';
import type { MxCell, MxFrontOfPack, MxIngredientFacts, MxRow, MxTable, MxTableInput } from './model.js';
import { mxPhase } from './phase.js';
import {
  LEGEND_CAFFEINE,
  LEGEND_SWEETENERS,
  type MxSeal,
  PHASE_THRESHOLDS,
  type ProductKind,
  SEALS,
  sealCriteria,
  sealScope,
} from './seals.js';

interface RowDef {
  key: string;
  name: string;
  unit: MxRow['unit'];
  indent: 0 | 1;
  deps: readonly string[];
}

const ENERGY_DEPS = ['protein', 'fat', 'carbohydrate', 'fiber'] as const;
const row = (key: string, name: string, unit: MxRow['unit'], indent: 0 | 1, deps: readonly string[] = [key]): RowDef => ({
  key,
  name,
  unit,
  indent,
  deps,
});

// 4.5.2.4 declaration items, in the order labels print them (list and units: docs/labeling.md#mexico-declaration).
const ROWS: readonly RowDef[] = [
  row('energy', 'Contenido energético', 'kcal', 0, ENERGY_DEPS),
  row('protein', 'Proteínas', 'g', 0),
  row('fat', 'Grasas totales', 'g', 0),
  row('fat_saturated', 'Grasas saturadas', 'g', 1),
  row('fat_trans', 'Grasas trans', 'mg', 1),
  row('carbohydrate', 'Hidratos de carbono disponibles', 'g', 0, ['carbohydrate', 'fiber']),
  row('sugar', 'Azúcares', 'g', 1),
  row('added_sugar', 'Azúcares añadidos', 'g', 1),
  row('fiber', 'Fibra dietética', 'g', 0),
  row('sodium', 'Sodio', 'mg', 0),
];

const NAME: ReadonlyMap<string, string> = new Map(ROWS.map((r) => [r.key, r.name]));

/** Each seal's inputs: the energy it is shared against, and its own nutrient. */
const SEAL_DEPS: Readonly<Record<MxSeal, readonly string[]>> = {
  'EXCESO CALORÍAS': [...ENERGY_DEPS, 'added_sugar'],
  'EXCESO AZÚCARES': [...ENERGY_DEPS, 'added_sugar'],
  'EXCESO GRASAS SATURADAS': [...ENERGY_DEPS, 'fat_saturated'],
  'EXCESO GRASAS TRANS': [...ENERGY_DEPS, 'fat_trans'],
  'EXCESO SODIO': [...ENERGY_DEPS, 'sodium'],
};

const UNKNOWN = 'desconocido';

/** Reduces ingredient fields to the facts the seals and legends need (docs/api.md#market-mexico). */
export function mxIngredientFacts(
  ingredients: ReadonlyArray<{
    added_sugar?: number | null;
    adds_fat?: boolean | null;
    adds_sodium?: boolean | null;
    non_caloric_sweetener?: boolean | null;
    added_caffeine?: boolean | null;
  }>,
): MxIngredientFacts {
  // Sugars are added when any ingredient's added_sugar is above zero; unknown when none is and some have no value.
  const sugars = ingredients.some((i) => typeof i.added_sugar === 'number' && i.added_sugar > 0)
    ? true
    : ingredients.some((i) => typeof i.added_sugar !== 'number')
      ? null
      : false;
  return {
    sugars,
    fats: ingredients.some((i) => i.adds_fat === true),
    sodium: ingredients.some((i) => i.adds_sodium === true),
    non_caloric_sweetener: ingredients.some((i) => i.non_caloric_sweetener === true),
    added_caffeine: ingredients.some((i) => i.added_caffeine === true),
  };
}

export function buildMxTable(input: MxTableInput): MxTable {
  const settings = input.settings ?? {};
  const notes = new Set<string>(input.notes ?? []);
  if (input.empty_recipe) notes.add('recipe has no lines: every value is zero');
  const accepted = new Set(settings.accept_missing ?? []);
  const gaps = new LabelGaps({ missing: input.missing, settings: { accept_missing: settings.accept_missing } });
  const amounts = new KnownAmounts(input.per_100g, gaps, accepted);
  const value = (key: string): Decimal | null => amounts.get(key).value;
  const blocked = (keys: readonly string[]): boolean => keys.some((k) => amounts.get(k).blocked);

  const alcohol = input.per_100g.alcohol;
  const alcoholG = typeof alcohol === 'number' && Number.isFinite(alcohol) && alcohol > 0 ? dec(alcohol) : new Decimal(0);
  const [protein, fat, carbohydrate, fiber] = [value('protein'), value('fat'), value('carbohydrate'), value('fiber')]; // ENERGY_DEPS
  const available = carbohydrate === null || fiber === null ? null : Decimal.max(carbohydrate.minus(fiber), 0);
  const energy =
    protein === null || fat === null || available === null
      ? null
      : mxEnergy({ protein, fat, available_carbohydrate: available, alcohol: alcoholG });

  const per100g = (key: string): Decimal | null => {
    if (key === 'carbohydrate') return available;
    if (key === 'fat_trans') {
      const trans = value('fat_trans');
      return trans === null ? null : gramsToMg(trans);
    }
    return value(key);
  };

  const basis = hundredBasis(settings.food_kind, input.density);
  const servingGrams = input.serving_grams > 0 ? dec(input.serving_grams) : new Decimal(0);
  const perBasis = (v: Decimal, grams: Decimal) => v.mul(grams).div(100);

  const energyCell = (scale: Decimal | null): MxCell => {
    if (energy === null || scale === null) return { amount: null, display: UNKNOWN, kcal: null, kj: null };
    const r = roundMxEnergy(perBasis(energy.kcal, scale), perBasis(energy.kj, scale));
    return {
      amount: r.kcal.toNumber(),
      display: `${r.kcal.toFixed()} kcal (${r.kj.toFixed()} kJ)`,
      kcal: r.kcal.toNumber(),
      kj: r.kj.toNumber(),
    };
  };
  const amountCell = (def: RowDef, v: Decimal | null, grams: Decimal): MxCell => {
    if (v === null) return { amount: null, display: UNKNOWN };
    const r = roundMxAmount(perBasis(v, grams), def.unit === 'mg' ? 'mg' : 'g');
    return { amount: r.amount.toNumber(), display: `${r.text} ${def.unit}` };
  };
  const rows: MxRow[] = ROWS.map((def) => ({
    key: def.key,
    name: def.name,
    unit: def.unit,
    indent: def.indent,
    per_100: def.key === 'energy' ? energyCell(basis.grams) : amountCell(def, per100g(def.key), basis.grams),
    per_portion: def.key === 'energy' ? energyCell(servingGrams) : amountCell(def, per100g(def.key), servingGrams),
    unknown: blocked(def.deps),
  }));

  const front_of_pack = frontOfPack(input, basis.grams, energy?.kcal ?? null, value, blocked);
  notes.add(
    'exemptions of NOM-051 4.5.3 (e.g. single-ingredient foods, infant foods, vegetable oils, sugar, honey, salt) are not checked: a product they cover prints no seals',
  );

  const depKeys = [...new Set(ROWS.flatMap((d) => d.deps))];
  const warnings: LabelWarning[] = [...gaps.rowWarnings(depKeys), ...absentWarnings(depKeys, amounts, gaps, (k) => NAME.get(k) ?? k)];
  if (basis.missing_density) warnings.push(missingDensityWarning());

  const unit = basis.basis === '100mL' ? 'mL' : 'g';
  const portionMetric = basis.basis === '100mL' ? servingGrams.div(dec(basis.density)) : servingGrams;
  const portionText = `${portionMetric.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()} ${unit}`;
  return {
    format: 'mx_table',
    title: 'Declaración nutrimental',
    basis: basis.basis,
    portion: { grams: servingGrams.toNumber(), display: `Porción: ${portionText}` },
    portions_per_pack: input.servings_per_package,
    column_titles: [`Por 100 ${unit}`, `Por porción (${portionText})`],
    rows,
    front_of_pack,
    notes: [...notes],
    warnings,
    complete: isMarketComplete(warnings, 'mx_table'),
  };
}

function frontOfPack(
  input: MxTableInput,
  basisGrams: Decimal,
  kcalPer100g: Decimal | null,
  value: (key: string) => Decimal | null,
  blocked: (keys: readonly string[]) => boolean,
): MxFrontOfPack {
  const phase = mxPhase(input.label_date, input.settings?.mx_phase);
  const legends: string[] = [];
  // 7.1.3-7.1.4: the legends depend on presence alone, not on the "added nutrients" condition of 4.5.3.
  if (input.facts.non_caloric_sweetener) legends.push(LEGEND_SWEETENERS);
  if (input.facts.added_caffeine) legends.push(LEGEND_CAFFEINE);

  const seals: MxSeal[] = [];
  const undetermined: MxSeal[] = [];
  const kind: ProductKind = input.settings?.food_kind ?? 'solid';
  // Thresholds are per 100 g (solids) or per 100 mL (liquids); a liquid without a density is judged per
  // 100 g, and its label is not complete (missing_density). An unknown amount is computed as zero here
  // only to evaluate the other seals: every seal that depends on it is left undetermined below.
  const per = (v: Decimal | null) => (v === null ? new Decimal(0) : v.mul(basisGrams).div(100));
  const criteria = sealCriteria(
    {
      kcal: per(kcalPer100g),
      free_sugars_g: per(value('added_sugar')),
      saturated_g: per(value('fat_saturated')),
      trans_g: per(value('fat_trans')),
      sodium_mg: per(value('sodium')),
    },
    kind,
    PHASE_THRESHOLDS[phase],
  );
  for (const seal of SEALS) {
    const scope = sealScope(seal, input.facts, phase);
    if (scope === 'out') continue;
    // A solid's calorie seal is energy alone; a liquid's also counts the kcal from free sugars.
    const deps = seal === 'EXCESO CALORÍAS' && kind === 'solid' ? ENERGY_DEPS : SEAL_DEPS[seal];
    if (blocked(deps)) {
      undetermined.push(seal);
      continue;
    }
    if (!criteria[seal]) continue;
    if (scope === 'in') seals.push(seal);
    else undetermined.push(seal);
  }
  return { seals, legends, phase, undetermined };
}
