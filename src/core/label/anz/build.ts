// The Australia / New Zealand label (FSANZ Standard 1.2.8, Schedules 11 and 12: the nutrition
// information panel; Standard 1.2.3—4: allergens, PEAL) as data, in the five steps every market takes
// (shared/label-steps.ts), from the recipe's unrounded per-100 g amounts. Pure: no I/O; every rounding in
// decimal arithmetic. docs/labeling.md#anz.
import { runsText, type TextRun } from '../../allergens/emphasis.js';
import { pealIngredientRuns, pealNamesNotInList, pealSummary } from '../../allergens/peal.js';
import type { AnzColumnValue, LabelNutrientRow, LabelWarning } from '../shared/model.js';
import { columnTableRow } from '../shared/column-row.js';
import { type Decimal, dec } from '../shared/decimal-round.js';
import { absentWarnings, KnownAmounts } from '../shared/known-amounts.js';
import { labelBuilder, type LabelStart } from '../shared/label-steps.js';
import { missingDensityWarning } from '../shared/market-warnings.js';
import { type HundredBasis, hundredBasis, per100gOfLabel } from '../shared/per-hundred.js';
import { toSignificantFigures } from '../shared/significant-figures.js';
import { labelStatementItems } from '../shared/statement-items.js';
import { statementWarnings } from '../shared/warnings.js';
import { ANZ_PERCENT_DI_FOOTNOTE, ANZ_PERCENT_DI_HEADER, anzPercentDi } from './daily-intake.js';
import { anzPolyolEnergy, carbohydrateAtCarbohydrateFactor } from '../rules/polyol-energy.js';
import { anzSweetenerStatements, type SweetenerStatement } from '../rules/sweetener-statements.js';
import { polyolAmounts, polyolEnergyWarnings, polyolGap } from '../shared/polyols.js';
import { mandatoryStatements, sweetenerFacts, sweetenerStatementWarning } from '../shared/sweetener-statements.js';
import { anzEnergyKj, kjToCal } from './energy.js';

/** Engine default of the named setting anz_significant_figures (FSANZ user guide §3.6: "no more than three"). */
export const ANZ_DEFAULT_SIGNIFICANT_FIGURES = 3;

const STATEMENT_HEADING = 'Ingredients: ';

type AnzUnit = 'kJ' | 'g' | 'mg';

interface RowDef {
  key: string;
  name: string;
  unit: AnzUnit;
  indent: 0 | 1;
  /** Input nutrients the row's amount is computed from (their gaps are the row's gaps). */
  deps: readonly string[];
}

const row = (key: string, name: string, unit: AnzUnit, indent: 0 | 1, deps: readonly string[] = [key]): RowDef => ({
  key,
  name,
  unit,
  indent,
  deps,
});

// Schedule 12: S12—2 (standard panel) rows, in order, with the S12—3 (extended panel) sub-groups in their
// places; names as the Schedule prints them, saturated/trans fatty acids as "saturated"/"trans" (1.2.8—7).
// "total" after "dietary fibre" is only needed when a sub-group follows (S12—3 note), so it is left off.
const ENERGY = row('energy', 'Energy', 'kJ', 0, ['protein', 'fat', 'carbohydrate', 'fiber']);
const ROWS: readonly RowDef[] = [
  ENERGY,
  row('protein', 'Protein', 'g', 0),
  row('fat', 'Fat, total', 'g', 0),
  row('fat_saturated', '- saturated', 'g', 1),
  row('fat_trans', '- trans', 'g', 1),
  row('fat_polyunsaturated', '- polyunsaturated', 'g', 1),
  row('fat_monounsaturated', '- monounsaturated', 'g', 1),
  row('cholesterol', 'Cholesterol', 'mg', 0),
  // "Carbohydrate" on an ANZ panel is available carbohydrate: our total (by difference) less dietary fibre.
  row('carbohydrate', 'Carbohydrate', 'g', 0, ['carbohydrate', 'fiber']),
  row('sugar', '- sugars', 'g', 1),
  // Polyols are taken out of carbohydrate (Schedule 11, S11—2(3): a factor of their own), so the panel
  // declares them beside it whenever the food has them (docs/labeling.md#polyol-energy).
  row('sugar_alcohol', 'Polyols', 'g', 0, []),
  row('fiber', 'Dietary fibre', 'g', 0),
  row('sodium', 'Sodium', 'mg', 0),
];

/** 1.2.8—6(1)(d): every panel declares these. */
const MANDATORY: ReadonlySet<string> = new Set(['energy', 'protein', 'fat', 'fat_saturated', 'carbohydrate', 'sugar', 'sodium']);
/** What label_settings.optional_nutrients may add to an ANZ panel. */
export const ANZ_OPTIONAL_NUTRIENTS: readonly string[] = [
  'fiber',
  'fat_trans',
  'fat_polyunsaturated',
  'fat_monounsaturated',
  'cholesterol',
];

const NAME: ReadonlyMap<string, string> = new Map(ROWS.map((r) => [r.key, r.name.replace(/^- /, '')]));
const printedName = (key: string): string => NAME.get(key) ?? key;

interface Context {
  digits: number;
  showCalories: boolean;
  percentDi: boolean;
  percentDiBasis: 'declared' | 'unrounded';
}

const UNKNOWN_CELL: AnzColumnValue = { amount: null, display: 'unknown', percent_di: null, percent_di_display: null };

function figure(value: Decimal, ctx: Context): Decimal {
  return toSignificantFigures(value, ctx.digits);
}

function cell(def: RowDef, value: Decimal | null, ctx: Context, withPercent: boolean): AnzColumnValue {
  if (value === null) return def.key === 'energy' ? { ...UNKNOWN_CELL, kj: null, cal: null } : { ...UNKNOWN_CELL };
  const declared = figure(value, ctx);
  const pdi = withPercent ? anzPercentDi(def.key, ctx.percentDiBasis === 'declared' ? declared : value) : null;
  const percent = { percent_di: pdi ? pdi.value : null, percent_di_display: pdi ? pdi.display : null };
  if (def.key === 'energy') {
    // S11—2(4): Calories from the unrounded kilojoules, then rounded on their own.
    const cal = figure(kjToCal(value), ctx);
    const display = `${declared.toFixed()} kJ${ctx.showCalories ? ` (${cal.toFixed()} Cal)` : ''}`;
    return { amount: declared.toNumber(), display, kj: declared.toNumber(), cal: ctx.showCalories ? cal.toNumber() : null, ...percent };
  }
  return { amount: declared.toNumber(), display: `${declared.toFixed()} ${def.unit}`, ...percent };
}

/** Step 1: the unit quantity (100 g, or 100 mL of a liquid: 1.2.8—6(1)), the serving, and the per-100 g amounts. */
interface AnzServing {
  ctx: Context;
  basis: HundredBasis;
  servingGrams: Decimal;
  /** Unrounded per-100 g amounts, unknown kept unknown (docs/api.md#unknown-is-never-zero). */
  amounts: KnownAmounts;
  per100g: Readonly<Record<string, number>>;
}

function anzServing({ input, settings, gaps }: LabelStart): AnzServing {
  const ctx: Context = {
    digits: settings.anz_significant_figures ?? ANZ_DEFAULT_SIGNIFICANT_FIGURES,
    showCalories: settings.show_calories === true,
    percentDi: settings.percent_daily_intake === true,
    percentDiBasis: settings.anz_percent_di_basis ?? 'declared',
  };
  const per100g = per100gOfLabel(input);
  return {
    ctx,
    basis: hundredBasis(settings.food_kind, input.density),
    servingGrams: input.serving_grams > 0 ? dec(input.serving_grams) : dec(0),
    amounts: new KnownAmounts(per100g, gaps, new Set(settings.accept_missing ?? [])),
    per100g,
  };
}

/** Step 2: the Schedule 12 rows, per serving (with %DI, 1.2.8—8) and per 100 g/mL, in significant figures. */
interface AnzRows {
  rows: LabelNutrientRow[];
  warnings: LabelWarning[];
}

function anzRows(label: LabelStart, serving: AnzServing): AnzRows {
  const { input, settings, notes, gaps } = label;
  const { ctx, basis, servingGrams, amounts, per100g: perHundredGrams } = serving;
  const optional = new Set<string>();
  for (const key of settings.optional_nutrients ?? []) {
    if (ANZ_OPTIONAL_NUTRIENTS.includes(key)) optional.add(key);
    else if (!MANDATORY.has(key))
      notes.add(`optional nutrient "${key}" is not declared on an Australian / New Zealand panel by this engine: ignored`);
  }
  const polyols = anzPolyolEnergy(polyolAmounts(perHundredGrams));
  const gap = polyolGap(label);
  const defs = ROWS.filter((r) => MANDATORY.has(r.key) || optional.has(r.key) || (r.key === 'sugar_alcohol' && polyols.polyols.gt(0)));

  // Unrounded per-100 g amounts of each row; null = unknown.
  const value = (key: string): Decimal | null => amounts.get(key).value;
  const alcohol = perHundredGrams.alcohol;
  const alcoholG = typeof alcohol === 'number' && Number.isFinite(alcohol) && alcohol > 0 ? dec(alcohol) : dec(0);
  if (alcoholG.gt(0)) notes.add('energy includes alcohol at 29 kJ/g (Schedule 11, S11—2)');
  // Schedule 11, S11—2(3): polyols at their own factors, out of the carbohydrate counted at 17 kJ/g
  // (docs/labeling.md#polyol-energy). An ingredient that is a polyol by name with no amount: energy unknown.
  const carbohydrateOut = (): Decimal | null => {
    const [carbohydrate, fiber] = [value('carbohydrate'), value('fiber')];
    if (carbohydrate === null || fiber === null) return null;
    return carbohydrateAtCarbohydrateFactor('anz', carbohydrate.toNumber(), fiber.toNumber(), polyols.polyols);
  };
  const per100g = (def: RowDef): Decimal | null => {
    if (def.key === 'energy') {
      const [protein, fat, fiber, available] = [value('protein'), value('fat'), value('fiber'), carbohydrateOut()];
      if (protein === null || fat === null || available === null || fiber === null || gap.energyUnknown) return null;
      return anzEnergyKj({ protein, fat, available_carbohydrate: available, fiber, alcohol: alcoholG }).plus(polyols.kj);
    }
    if (def.key === 'carbohydrate') return carbohydrateOut();
    if (def.key === 'sugar_alcohol') return polyols.polyols;
    return value(def.key);
  };

  if (!(input.serving_grams > 0)) notes.add('the recipe has no serving weight: per-serving values are zero');
  const rows = defs.map((def) => {
    const v = per100g(def);
    const perServing = v === null ? null : v.mul(servingGrams).div(100);
    const perUnit = v === null ? null : v.mul(basis.grams).div(100);
    // 1.2.8—8: %DI is given per serving only. The per serving column is the row's headline amount (as on every other label).
    const servingCell = cell(def, perServing, ctx, ctx.percentDi);
    return columnTableRow(def, servingCell, { per_serving: servingCell, per_100: cell(def, perUnit, ctx, false) });
  });

  const depKeys = [...new Set(defs.flatMap((d) => d.deps))];
  const fibreNote: Record<string, string> = optional.has('fiber')
    ? {}
    : { fiber: 'Dietary fibre is subtracted from carbohydrate and counts in energy (Schedule 11).' };
  const warnings: LabelWarning[] = [...gaps.rowWarnings(depKeys, fibreNote), ...absentWarnings(depKeys, amounts, gaps, printedName)];
  if (gap.warning) warnings.push(gap.warning);
  warnings.push(...polyolEnergyWarnings(polyols.warnings));
  if (basis.missing_density) warnings.push(missingDensityWarning());
  return { rows, warnings };
}

/** Step 4: what the label declares about allergens (FSANZ Standard 1.2.3—4, PEAL). */
interface AllergenDeclaration {
  /** Heading and list as printed ("Ingredients: flour (wheat), ..."), or null when there is none. */
  statement: string | null;
  /** The list after its heading, the required names in bold; joined, `statement` less the heading. */
  statementRuns: TextRun[] | null;
  summary: string | null;
  summaryRuns: TextRun[] | null;
  /** FSANZ Standard 1.2.3: the advisory and warning statements for polyols and aspartame. */
  sweeteners: SweetenerStatement[];
  warnings: LabelWarning[];
}

const notAllowed = (message: string): LabelWarning => ({ code: 'format_not_allowed', message, accepted: false });

/**
 * PEAL, the one place the ANZ label declares allergens: the required names in bold inside the statement
 * of ingredients, at the ingredient each comes from ("flour (**wheat**)"), and the "Contains" summary
 * of the recipe's allergens. A name PEAL wants more precisely than we know it (a tree nut not named),
 * or one the recipe declares but none of its ingredients carries, keeps the label from print.
 */
function pealDeclaration(label: LabelStart): AllergenDeclaration {
  const { input, request } = label;
  // FSANZ Standard 1.2.3, Schedule 9: docs/labeling.md#sweetener-statements.
  const sweeteners = anzSweetenerStatements(sweetenerFacts(label));
  const wording = sweetenerStatementWarning(sweeteners);
  const recipeAllergens = input.allergens ?? {};
  const summary = pealSummary(recipeAllergens, { peal_summary_cereal_names: input.settings.peal_summary_cereal_names === true });
  const warnings = summary.problems.map((p) => notAllowed(p.message));
  const items = labelStatementItems(input, request.language, STATEMENT_HEADING);
  const runs = items === null ? null : pealIngredientRuns(items);
  const outside = items === null ? [] : pealNamesNotInList(recipeAllergens, items);
  if (outside.length > 0) {
    warnings.push(
      notAllowed(
        `The recipe declares ${outside.join(', ')} but none of its ingredients does: FSANZ Standard 1.2.3—4 names an allergen in bold at the ingredient it comes from, so set it on that ingredient.`,
      ),
    );
  }
  return {
    statement: runs === null ? null : STATEMENT_HEADING + runsText(runs),
    statementRuns: runs,
    summary: summary.text,
    summaryRuns: summary.runs.length > 0 ? summary.runs : null,
    sweeteners,
    warnings: [...warnings, ...statementWarnings(input, false), ...(wording ? [wording] : [])],
  };
}

export const buildAnzLabel = labelBuilder<AnzServing, AnzRows, undefined, AllergenDeclaration>({
  serving: anzServing,
  rows: anzRows,
  // Step 3: nutrition and health claims (Standard 1.2.7) are not made.
  front: () => undefined,
  statements: pealDeclaration,
  // Step 5.
  finish: ({ input }, { ctx, basis, servingGrams }, rows, _front, allergens) => {
    const liquidServing = basis.basis === '100mL';
    const servingAmount = figure(basis.basis === '100mL' ? servingGrams.div(dec(basis.density)) : servingGrams, ctx);
    const servingUnit = liquidServing ? 'mL' : 'g';
    const servings = figure(dec(Math.max(input.servings_per_container, 0)), ctx);
    return {
      title: 'NUTRITION INFORMATION',
      serving_size: {
        household: input.household_serving ?? null,
        grams: input.serving_grams,
        display: `Serving size: ${servingAmount.toFixed()} ${servingUnit}`,
        unit: servingUnit,
      },
      servings_per_container: { value: servings.toNumber(), display: `Servings per package: ${servings.toFixed()}` },
      nutrients: rows.rows,
      footnote: ctx.percentDi ? ANZ_PERCENT_DI_FOOTNOTE : '',
      claims: [],
      allergen_statement: allergens.summary,
      ingredient_statement: allergens.statement,
      warnings: [...rows.warnings, ...allergens.warnings],
      own: {
        basis: basis.basis,
        // 1.2.8—7: quantities are averages.
        column_titles: ['Avg. Quantity per Serving', `Avg. Quantity per ${liquidServing ? '100 mL' : '100 g'}`],
        percent_di_header: ctx.percentDi ? ANZ_PERCENT_DI_HEADER : null,
        ...(allergens.statementRuns ? { ingredient_statement_runs: allergens.statementRuns } : {}),
        ...(allergens.summaryRuns ? { allergen_statement_runs: allergens.summaryRuns } : {}),
        mandatory_statements: mandatoryStatements(allergens.sweeteners),
      },
    };
  },
});
