// The Mexican label (NOM-051-SCFI/SSA1-2010 as modified in 2020) as data, in the five steps every market
// takes (shared/label-steps.ts): the declaration per 100 g / 100 mL and per portion, the warning seals by
// the phase in force, the precautionary legends. Pure; decimal arithmetic. docs/labeling.md#mexico.
import type { IngredientAdditions } from '../shared/label-input.js';
import type { LabelNutrientRow, LabelWarning, MxColumnValue, MxFrontOfPackValue } from '../shared/model.js';
import { columnTableRow } from '../shared/column-row.js';
import { Decimal, dec } from '../shared/decimal-round.js';
import { absentWarnings, KnownAmounts } from '../shared/known-amounts.js';
import { isComplete, labelBuilder, type LabelStart } from '../shared/label-steps.js';
import { languageBase, languageWords } from '../shared/languages.js';
import { missingDensityWarning } from '../shared/market-warnings.js';
import { type HundredBasis, hundredBasis, per100gOfLabel } from '../shared/per-hundred.js';
import { statementWarnings, translationWarning } from '../shared/warnings.js';
import { gramsToMg, mxEnergy, roundMxAmount, roundMxEnergy } from './declaration.js';
import { mxAllergenDeclaration } from './allergens.js';
import { MX_POLYOLS_DEFAULT, mxPolyolEnergy } from '../rules/polyol-energy.js';
import { mxSweetenerStatements } from '../rules/sweetener-statements.js';
import { polyolAmounts, polyolEnergyWarnings, polyolGap } from '../shared/polyols.js';
import { sweetenerFacts, sweetenerStatementWarning } from '../shared/sweetener-statements.js';
import type { StatementRun } from '../shared/model.js';
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

type MxUnit = 'kcal' | 'g' | 'mg';

interface RowDef {
  key: string;
  name: string;
  unit: MxUnit;
  indent: 0 | 1;
  deps: readonly string[];
}

const ENERGY_DEPS = ['protein', 'fat', 'carbohydrate', 'fiber'] as const;
const row = (key: string, name: string, unit: MxUnit, indent: 0 | 1, deps: readonly string[] = [key]): RowDef => ({
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

/** Nothing known about what the ingredients add: the seals that depend on it stay undetermined. */
const UNKNOWN_ADDITIONS: IngredientAdditions = {
  sugars: null,
  fats: null,
  sodium: null,
  non_caloric_sweetener: false,
  added_caffeine: false,
};

/** Step 1: the unit quantity (100 g, or 100 mL of a liquid: 4.5.2), the portion, and the per-100 g amounts. */
interface MxServing {
  basis: HundredBasis;
  servingGrams: Decimal;
  /** Unrounded per-100 g amounts, unknown kept unknown (docs/api.md#unknown-is-never-zero). */
  amounts: KnownAmounts;
  per100g: Readonly<Record<string, number>>;
  /** "30 g": the portion as the column heading states it. */
  portionText: string;
  unit: 'g' | 'mL';
}

function mxServing({ input, settings, gaps }: LabelStart): MxServing {
  // The phase of the warning system is that in force on the label's date; callers always give it.
  if (!input.label_date) throw new RangeError('a Mexican label needs its date (label_date) to pick the phase of NOM-051');
  const per100g = per100gOfLabel(input);
  const basis = hundredBasis(settings.food_kind, input.density);
  const servingGrams = input.serving_grams > 0 ? dec(input.serving_grams) : new Decimal(0);
  const unit = basis.basis === '100mL' ? 'mL' : 'g';
  const portionMetric = basis.basis === '100mL' ? servingGrams.div(dec(basis.density)) : servingGrams;
  return {
    basis,
    servingGrams,
    amounts: new KnownAmounts(per100g, gaps, new Set(settings.accept_missing ?? [])),
    per100g,
    portionText: `${portionMetric.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()} ${unit}`,
    unit,
  };
}

/** Step 2: the 4.5.2.4 declaration per 100 g/mL and per portion; energy from 4.5.2.4.1's factors. */
interface MxRows {
  rows: LabelNutrientRow[];
  /** kcal per 100 g, null when unknown: the seals are judged on it. */
  kcalPer100g: Decimal | null;
  warnings: LabelWarning[];
}

function mxRows(label: LabelStart, { basis, servingGrams, amounts, per100g: perHundredGrams }: MxServing): MxRows {
  const { gaps, settings } = label;
  const value = (key: string): Decimal | null => amounts.get(key).value;
  const alcohol = perHundredGrams.alcohol;
  const alcoholG = typeof alcohol === 'number' && Number.isFinite(alcohol) && alcohol > 0 ? dec(alcohol) : new Decimal(0);
  const [protein, fat, carbohydrate, fiber] = [value('protein'), value('fat'), value('carbohydrate'), value('fiber')]; // ENERGY_DEPS
  // Polyols out of available carbohydrate at their own factor, the named setting mx_polyol_factor_kcal
  // (NOM-051's factor could not be confirmed from here: the label warns; docs/labeling.md#polyol-energy).
  const factorKcal = settings.mx_polyol_factor_kcal;
  const polyols = mxPolyolEnergy(
    polyolAmounts(perHundredGrams),
    factorKcal === undefined
      ? MX_POLYOLS_DEFAULT
      : { ...MX_POLYOLS_DEFAULT, kcal: String(factorKcal), kj: dec(factorKcal).mul('4.184').toDecimalPlaces(1).toString() },
  );
  const gap = polyolGap(label);
  const available = carbohydrate === null || fiber === null ? null : Decimal.max(carbohydrate.minus(fiber).minus(polyols.polyols), 0);
  const base =
    protein === null || fat === null || available === null || gap.energyUnknown
      ? null
      : mxEnergy({ protein, fat, available_carbohydrate: available, alcohol: alcoholG });
  const energy = base === null ? null : { kcal: base.kcal.plus(polyols.kcal ?? 0), kj: base.kj.plus(polyols.kj) };

  const per100g = (key: string): Decimal | null => {
    if (key === 'carbohydrate') return available;
    if (key === 'fat_trans') {
      const trans = value('fat_trans');
      return trans === null ? null : gramsToMg(trans);
    }
    return value(key);
  };
  const perBasis = (v: Decimal, grams: Decimal) => v.mul(grams).div(100);
  const energyCell = (scale: Decimal | null): MxColumnValue => {
    if (energy === null || scale === null) return { amount: null, display: UNKNOWN, kcal: null, kj: null };
    const r = roundMxEnergy(perBasis(energy.kcal, scale), perBasis(energy.kj, scale));
    return {
      amount: r.kcal.toNumber(),
      display: `${r.kcal.toFixed()} kcal (${r.kj.toFixed()} kJ)`,
      kcal: r.kcal.toNumber(),
      kj: r.kj.toNumber(),
    };
  };
  const amountCell = (def: RowDef, v: Decimal | null, grams: Decimal): MxColumnValue => {
    if (v === null) return { amount: null, display: UNKNOWN };
    const r = roundMxAmount(perBasis(v, grams), def.unit === 'mg' ? 'mg' : 'g');
    return { amount: r.amount.toNumber(), display: `${r.text} ${def.unit}` };
  };
  const rows = ROWS.map((def) => {
    const per100 = def.key === 'energy' ? energyCell(basis.grams) : amountCell(def, per100g(def.key), basis.grams);
    const perPortion = def.key === 'energy' ? energyCell(servingGrams) : amountCell(def, per100g(def.key), servingGrams);
    // The per 100 g/mL column is the declaration's mandatory one (4.5.2): the row's headline amount.
    return columnTableRow(def, per100, { per_100: per100, per_portion: perPortion });
  });

  const depKeys = [...new Set(ROWS.flatMap((d) => d.deps))];
  const warnings: LabelWarning[] = [...gaps.rowWarnings(depKeys), ...absentWarnings(depKeys, amounts, gaps, (k) => NAME.get(k) ?? k)];
  if (gap.warning) warnings.push(gap.warning);
  if (polyols.polyols.gt(0)) warnings.push(...polyolEnergyWarnings(polyols.warnings));
  if (basis.missing_density) warnings.push(missingDensityWarning());
  return { rows, kcalPer100g: energy?.kcal ?? null, warnings };
}

/**
 * What the ingredients add. An ingredient without an added_sugar value leaves "sugars added" unknown,
 * unless the account takes unknown added sugars as zero (label_settings.accept_missing, docs/api.md#accepting-a-gap).
 */
function additionsOf({ input }: LabelStart): IngredientAdditions {
  const added = input.added ?? UNKNOWN_ADDITIONS;
  if (added.sugars === null && input.settings.accept_missing?.includes('added_sugar')) return { ...added, sugars: false };
  return added;
}

/** Step 3: the front-of-pack warning seals (4.5.3) and legends (7.1.3-7.1.4). */
function mxFront(label: LabelStart, { basis, amounts }: MxServing, { kcalPer100g }: MxRows): MxFrontOfPackValue {
  const { input, settings, notes } = label;
  const facts = additionsOf(label);
  const value = (key: string): Decimal | null => amounts.get(key).value;
  const blocked = (keys: readonly string[]): boolean => keys.some((k) => amounts.get(k).blocked);
  const phase = mxPhase(input.label_date as string, settings.mx_phase);
  const legends: string[] = [];
  // 7.1.3-7.1.4: the legends depend on presence alone, not on the "added nutrients" condition of 4.5.3.
  if (facts.non_caloric_sweetener) legends.push(LEGEND_SWEETENERS);
  if (facts.added_caffeine) legends.push(LEGEND_CAFFEINE);

  const seals: MxSeal[] = [];
  const undetermined: MxSeal[] = [];
  const kind: ProductKind = settings.food_kind ?? 'solid';
  // Thresholds are per 100 g (solids) or per 100 mL (liquids); a liquid without a density is judged per
  // 100 g, and its label is not complete (missing_density). An unknown amount is computed as zero here
  // only to evaluate the other seals: every seal that depends on it is left undetermined below.
  const per = (v: Decimal | null) => (v === null ? new Decimal(0) : v.mul(basis.grams).div(100));
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
    const scope = sealScope(seal, facts, phase);
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
  notes.add(
    'exemptions of NOM-051 4.5.3 (e.g. single-ingredient foods, infant foods, vegetable oils, sugar, honey, salt) are not checked: a product they cover prints no seals',
  );
  return { seals, legends, phase, undetermined };
}

/**
 * Step 4: the list of ingredients (4.2.2) with the allergens of 4.2.2.2.3 emphasised in it and declared after
 * it ("Contiene: ..."; docs/labeling.md#mexico-allergens), and the sweetener statements (7.1.3).
 */
interface MxStatements {
  ingredient_statement: string | null;
  runs: StatementRun[] | null;
  allergen_statement: string | null;
  allergenRuns: StatementRun[] | null;
  warnings: LabelWarning[];
}

function mxStatements(label: LabelStart): MxStatements {
  const { input, request } = label;
  const language = request.language;
  const declaration = mxAllergenDeclaration(input, language, 'Ingredientes: ');
  const warnings = [...statementWarnings(input, false), ...declaration.warnings];
  const translation = translationWarning(languageWords(language).name, input.untranslated_by_language?.[languageBase(language)] ?? []);
  if (translation) warnings.push(translation);
  // The sweetener legend itself is drawn with the octagons (mxFront); only its wording is said here.
  const wording = sweetenerStatementWarning(mxSweetenerStatements(sweetenerFacts(label)));
  if (wording) warnings.push(wording);
  return {
    ingredient_statement: declaration.statement,
    runs: declaration.runs,
    allergen_statement: declaration.contains,
    allergenRuns: declaration.containsRuns,
    warnings,
  };
}

/** Portions as a count: whole where whole, else one decimal ("aprox. 2.5"). */
function formatCount(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : `aprox. ${rounded.toFixed(1)}`;
}

export const buildMxLabel = labelBuilder<MxServing, MxRows, MxFrontOfPackValue, MxStatements>({
  serving: mxServing,
  rows: mxRows,
  front: mxFront,
  statements: mxStatements,
  // Step 5.
  finish: (label, { basis, servingGrams, portionText, unit }, rows, front_of_pack, statements) => {
    const { input, request } = label;
    const warnings = [...rows.warnings, ...statements.warnings];
    const undetermined = front_of_pack.undetermined;
    // docs/labeling.md#mexico.4: a seal nobody can decide is never silently left off the pack.
    if (undetermined.length > 0 && isComplete(request, warnings)) {
      warnings.push({
        code: 'format_not_allowed',
        message: `NOM-051 4.5.3: whether ${undetermined.join(', ')} apply cannot be decided on the known values; complete the ingredients' values (added_sugar, adds_fat, adds_sodium).`,
        accepted: false,
      });
    }
    const portion = { grams: servingGrams.toNumber(), display: `Porción: ${portionText}` };
    const portions = input.servings_per_container;
    return {
      title: 'Declaración nutrimental',
      serving_size: { household: input.household_serving ?? null, grams: portion.grams, display: portion.display },
      servings_per_container: { value: portions, display: `Porciones por envase: ${formatCount(portions)}` },
      nutrients: rows.rows,
      footnote: '',
      claims: [],
      allergen_statement: statements.allergen_statement,
      ingredient_statement: statements.ingredient_statement,
      front_of_pack,
      warnings,
      own: {
        basis: basis.basis,
        portion,
        portions_per_pack: portions,
        column_titles: [`Por 100 ${unit}`, `Por porción (${portionText})`],
        ...(statements.runs ? { ingredient_statement_runs: statements.runs } : {}),
        ...(statements.allergenRuns ? { allergen_statement_runs: statements.allergenRuns } : {}),
      },
    };
  },
});
