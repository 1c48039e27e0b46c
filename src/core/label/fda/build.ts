// The FDA Nutrition Facts label (21 CFR 101.9, 2016 format) as data, in the five steps every market
// takes (shared/label-steps.ts).
import { Decimal, dec, plainText } from '../shared/decimal-round.js';
import type { LabelNutrientRow, LabelWarning } from '../shared/model.js';
import { ServingAmounts, restateFactor, restateNote } from '../shared/amounts.js';
import { roundFda, hasFdaRounding, type DeclaredAmount } from './rounding.js';
import {
  fdaPercentDv,
  fdaDailyValue,
  fdaFootnote,
  isRdiNutrient,
  percentDvBasisAmount,
  type DvPopulation,
  type PercentDvBasis,
} from './daily-values.js';
import { FDA_MANDATORY_NUTRIENTS, FDA_OPTIONAL_VITAMIN_MINERAL_ORDER, labelNutrient } from '../shared/label-nutrients.js';
import { fdaServingSize, fdaServingsStatement, type ServingSize } from '../shared/serving.js';
import { assessSimplified, notSignificantStatement, SIMPLIFIED_ALWAYS, SIMPLIFIED_CANDIDATES } from './simplified.js';
import { fdaClaims } from './claims.js';
import { speciallyProcessedForSugars, sugarAlcoholRow } from '../rules/sugars-claims.js';
import { POLYOL_NUTRIENTS } from '../rules/polyol-energy.js';
import { polyolGap } from '../shared/polyols.js';
import { servingSizeWarning } from '../shared/serving-check.js';
import { allergenStatement } from '../../allergens.js';
import { referenceAmountMissing, statementWarnings } from '../shared/warnings.js';
import { resolveReference, type ResolvedReference } from '../reference-amounts/index.js';
import { labelBuilder, type LabelStart } from '../shared/label-steps.js';

// 21 CFR 101.9(c): the order of the mandatory rows; (c)(8)(ii): vitamin D, calcium, iron, potassium in that order.
// Voluntary fats sit under trans fat ((c)(2)(iii)-(iv)), sugar alcohol under added sugars ((c)(6)(iv)).
const FDA_ORDER: readonly string[] = [
  'calories',
  'fat',
  'fat_saturated',
  'fat_trans',
  'fat_polyunsaturated',
  'fat_monounsaturated',
  'cholesterol',
  'sodium',
  'carbohydrate',
  'fiber',
  'sugar',
  'added_sugar',
  'sugar_alcohol',
  'protein',
  'vitamin_d',
  'calcium',
  'iron',
  'potassium',
  ...FDA_OPTIONAL_VITAMIN_MINERAL_ORDER,
];
const FDA_MANDATORY: ReadonlySet<string> = new Set(FDA_MANDATORY_NUTRIENTS);
const FDA_VOLUNTARY: ReadonlySet<string> = new Set(FDA_ORDER.filter((k) => !FDA_MANDATORY.has(k)));

// 101.9(d)(1)(iv): the non-indented nutrient names are bold; indented ones are not.
const BOLD: ReadonlySet<string> = new Set(['calories', 'fat', 'cholesterol', 'sodium', 'carbohydrate', 'protein']);
const INDENT: Readonly<Record<string, 1 | 2>> = {
  fat_saturated: 1,
  fat_trans: 1,
  fat_polyunsaturated: 1,
  fat_monounsaturated: 1,
  fiber: 1,
  sugar: 1,
  added_sugar: 2,
  sugar_alcohol: 1,
};

interface FdaContext {
  population: DvPopulation;
  basis: PercentDvBasis;
  linear: boolean;
  notes: Set<string>;
}

function percentDv(key: string, r: DeclaredAmount, ctx: FdaContext): { value: number; display: string } | null {
  // 101.9(c)(7)(i): protein %DV is voluntary and, when given, uses PDCAAS-corrected protein, which a
  // recipe does not carry; foods for children 1-3 must declare it, so we say so rather than guess.
  if (key === 'protein') {
    if (ctx.population === 'children_1_3') {
      ctx.notes.add(
        'protein %DV is required on foods for children 1-3 (21 CFR 101.9(c)(7)(i)) but needs PDCAAS-corrected protein: not computed',
      );
    }
    return null;
  }
  if (fdaDailyValue(key, ctx.population) === undefined) {
    if (isRdiNutrient(key)) ctx.notes.add(`no verified children 1-3 Daily Value for ${labelNutrient(key).fda_name}: %DV left blank`);
    return null;
  }
  return fdaPercentDv(key, percentDvBasisAmount(r.declared, r.unrounded, r.lessThan, ctx.basis), ctx.population);
}

function lineText(key: string, name: string, display: string, linear: boolean): string {
  // 101.9(c)(6)(iii): 'Includes "X" g Added Sugars'; linear and tabular labels may abbreviate to "Incl.".
  if (key === 'added_sugar') return `${linear ? 'Incl.' : 'Includes'} ${display} Added Sugars`;
  return `${name} ${display}`;
}

function fdaRow(key: string, amounts: ServingAmounts, ctx: FdaContext): LabelNutrientRow {
  const def = labelNutrient(key);
  const r = roundFda(key, amounts.get(key));
  const pdv = percentDv(key, r, ctx);
  const shortName = ctx.linear && def.fda_short ? def.fda_short : undefined;
  const row: LabelNutrientRow = {
    key,
    name: def.fda_name,
    amount: r.amount,
    unit: def.unit,
    display: r.display,
    percent_dv: pdv ? pdv.value : null,
    percent_dv_display: pdv ? pdv.display : null,
    indent: INDENT[key] ?? 0,
    bold: BOLD.has(key),
    line: lineText(key, shortName ?? def.fda_name, r.display, ctx.linear),
  };
  if (shortName) row.short_name = shortName;
  return row;
}

function containerColumn(
  key: string,
  amounts: ServingAmounts,
  servings: number,
  ctx: FdaContext,
): NonNullable<LabelNutrientRow['container']> {
  const r = roundFda(key, amounts.perContainer(key, servings));
  const pdv = percentDv(key, r, ctx);
  return { amount: r.amount, display: r.display, percent_dv: pdv ? pdv.value : null, percent_dv_display: pdv ? pdv.display : null };
}

/** Step 1: the serving as 101.9(b) declares it, the reference amount claims are judged on, the amounts restated for it. */
interface FdaServing {
  ctx: FdaContext;
  serving: ServingSize;
  reference: ResolvedReference | null;
  amounts: ServingAmounts;
}

function fdaServing({ input, request, settings, notes }: LabelStart): FdaServing {
  const ctx: FdaContext = {
    population: settings.dv_population ?? 'adult',
    basis: settings.percent_dv_basis ?? 'declared',
    linear: request.format === 'fda_linear',
    notes,
  };
  const serving = fdaServingSize(input.household_serving ?? null, input.serving_grams, input.serving_ml ?? null);
  if (!serving.household)
    notes.add('no household serving measure (suggested_serving): 21 CFR 101.9(b)(5) requires one next to the metric amount');
  // 21 CFR 101.13: a nutrient content claim is defined per reference amount customarily consumed; the
  // serving never stands in for it (a 31 g cookie is judged on its 30 g RACC and, small, per 50 g).
  const reference = resolveReference('US', settings.racc_grams, settings.racc_category, {
    grams: serving.grams,
    ml: serving.unit === 'mL' ? serving.metric : null,
  });
  const recipeMetric = serving.unit === 'mL' ? input.serving_ml : input.serving_grams;
  const factor = restateFactor(serving.metric, recipeMetric);
  const amounts = new ServingAmounts(input.nutrition, factor);
  const restated = restateNote(factor, serving.metric, recipeMetric ?? 0, serving.unit);
  if (restated) notes.add(restated);
  return { ctx, serving, reference, amounts };
}

/** Step 2: the rows of 101.9(c), as the format prints them. */
interface FdaRows {
  rows: LabelNutrientRow[];
  /** Every row the label declares, those a simplified label states as "Not a significant source of ..." too. */
  declaredKeys: string[];
  keys: string[];
  formatWarnings: LabelWarning[];
  notSignificant: string | null | undefined;
}

function fdaRows({ input, request, settings, notes, gaps }: LabelStart, { ctx, reference, amounts }: FdaServing): FdaRows {
  const format = request.format;
  const formatWarnings: LabelWarning[] = [];
  const optional = new Set<string>();
  for (const key of settings.optional_nutrients ?? []) {
    if (FDA_VOLUNTARY.has(key) && hasFdaRounding(key)) optional.add(key);
    else if (!FDA_MANDATORY.has(key)) notes.add(`optional nutrient "${key}" is not declarable on an FDA label: ignored`);
  }
  let keys = FDA_ORDER.filter((k) => FDA_MANDATORY.has(k) || optional.has(k));
  // Rows a simplified label leaves off are still declared ("Not a significant source of ..."): their gaps count.
  const declaredKeys = keys;

  let notSignificant: string | null | undefined;
  if (format === 'fda_simplified') {
    const assessment = assessSimplified(
      (k) => amounts.get(k),
      ctx.population,
      (k) => gaps.blocked(k),
    );
    if (!assessment.qualifies) {
      formatWarnings.push({
        code: 'format_not_allowed',
        message: `The simplified format needs at least 8 of the ${SIMPLIFIED_CANDIDATES.length} nutrients of 21 CFR 101.9(f) in insignificant amounts; this recipe has ${assessment.insignificant.length} (nutrients with unknown values count as significant). Use fda_vertical.`,
        accepted: false,
      });
    }
    // 101.9(f)(2),(4): the five core rows always; the others only when present in more than an insignificant amount.
    const omitted = assessment.insignificant.filter((k) => !SIMPLIFIED_ALWAYS.has(k));
    keys = keys.filter((k) => !omitted.includes(k));
    notSignificant = notSignificantStatement(omitted);
  }

  const rows = keys.map((k) => fdaRow(k, amounts, ctx));
  if (format === 'fda_dual_container') {
    for (const row of rows) row.container = containerColumn(row.key, amounts, input.servings_per_container, ctx);
    const racc = reference?.grams;
    if (racc) {
      const share = dec(input.serving_grams).mul(dec(input.servings_per_container)).div(racc).mul(100);
      if (share.lt(200) || share.gt(300)) {
        notes.add(
          `per serving / per container columns are required for packages of 200-300 % of the RACC (21 CFR 101.9(b)(12)(i)); this package is ${plainText(share.toDecimalPlaces(0))} %`,
        );
      }
    }
  }
  if (ctx.linear) notes.add('linear format: abbreviated names (21 CFR 101.9(j)(13)(ii)(B)) are in short_name and line');
  return { rows, declaredKeys, keys, formatWarnings, notSignificant };
}

/** Step 3: nutrient content claims (21 CFR 101.13, 101.54-101.62), judged per reference amount. */
interface FdaFront {
  claims: string[];
  disclosures: string[];
  referenceWarnings: LabelWarning[];
  /** 21 CFR 101.9(c)(6)(iv): a sugars claim on a food with sugar alcohols makes the Sugar Alcohol row mandatory. */
  sugarAlcoholRow: boolean;
}

/** Sugar alcohols per serving: sugar_alcohol, or the polyols named one by one when they add up to more. */
function sugarAlcoholsOf(nutrition: LabelStart['input']['nutrition'], amounts: ServingAmounts): Decimal {
  const grams = (key: string): Decimal => {
    const v = nutrition[key];
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? dec(v) : dec(0);
  };
  const named = POLYOL_NUTRIENTS.reduce((sum, key) => sum.plus(grams(key)), dec(0));
  return Decimal.max(grams('sugar_alcohol'), named).mul(amounts.factor);
}

const SUGARS_CLAIM = /sugar[- ]free|sugar alcohol/i;

function fdaFront(label: LabelStart, { ctx, serving, reference, amounts }: FdaServing, { keys }: FdaRows): FdaFront {
  const { input, settings, notes, gaps } = label;
  // 21 CFR 101.13(e)(2): a food sweetened with a polyol or an intense sweetener was formulated to lower its
  // sugars: its sugars claim never reads "..., a sugar-free food" (docs/labeling.md#sugars-claims).
  const sweetening = input.added?.sweetening;
  const sugarsProcessed =
    sweetening !== undefined &&
    speciallyProcessedForSugars({ intense_sweetener: sweetening.intense_sweetener, added_polyols: sweetening.added_polyols_per_100g });
  const speciallyProcessed = sugarsProcessed
    ? [...new Set([...(settings.specially_processed ?? []), 'sugar'])]
    : settings.specially_processed;
  const declaredForClaims: Record<string, Decimal> = {};
  const unroundedForClaims: Record<string, Decimal> = {};
  const claimKeys = ['calories', 'fat', 'fat_saturated', 'fat_trans', 'cholesterol', 'sodium', 'sugar', 'fiber'];
  const vitaminMineralKeys = keys.filter(isRdiNutrient);
  for (const key of [...claimKeys, ...vitaminMineralKeys]) {
    const r = roundFda(key, amounts.get(key));
    unroundedForClaims[key] = r.unrounded;
    declaredForClaims[key] = r.lessThan ? r.unrounded : r.declared;
  }
  const referenceWarnings: LabelWarning[] = [];
  let claims: string[] = [];
  let disclosures: string[] = [];
  if (!reference?.grams) {
    referenceWarnings.push(referenceAmountMissing('US', reference?.problem));
  } else {
    ({ claims, disclosures } = fdaClaims({
      serving_grams: serving.grams,
      racc_grams: reference.grams,
      small_racc: reference.small,
      food_name: input.food_name,
      specially_processed: speciallyProcessed,
      unrounded: unroundedForClaims,
      declared: declaredForClaims,
      population: ctx.population,
      vitamin_mineral_keys: vitaminMineralKeys,
      // A claim is a statement about the food, not a row of its table: it never rests on a nutrient with
      // unknown contributions, accepted as zero or not (docs/api.md#claims). Accepting a gap completes
      // the table; it does not make "Saturated Fat Free" true of a butter whose saturated fat nobody measured.
      blocked: (k) => gaps.unknown(k),
    }));
    if (claims.length > 0) {
      notes.add(
        `claims are judged per reference amount: ${reference.source}${reference.small ? ', and per 50 g (a small RACC, 21 CFR 101.13(l))' : ''}`,
      );
      notes.add('claims are computed from nutrient amounts only; conditions on ingredients (e.g. no added fat) are not checked');
    }
  }
  // 21 CFR 101.9(c)(6)(iv): with a claim about sugars and sugar alcohols in the food, the row is mandatory;
  // when a polyol ingredient's amount is unknown the rule cannot be decided, and the claim waits.
  const sugarsClaims = claims.filter((c) => SUGARS_CLAIM.test(c)).length > 0 ? ['sugar_free'] : [];
  const rule = sugarAlcoholRow(sugarsClaims, polyolGap(label).energyUnknown ? null : sugarAlcoholsOf(input.nutrition, amounts).toNumber());
  if (rule === 'undetermined') {
    claims = claims.filter((c) => !SUGARS_CLAIM.test(c));
    disclosures = disclosures.filter((d) => d !== 'Not a low calorie food');
    notes.add(
      'no sugars claim is made: an ingredient that is a polyol by name states no amount, so whether the Sugar Alcohol row is mandatory (21 CFR 101.9(c)(6)(iv)) cannot be decided',
    );
  }
  return { claims, disclosures, referenceWarnings, sugarAlcoholRow: rule === 'mandatory' && !keys.includes('sugar_alcohol') };
}

/** Step 4: the ingredient statement (21 CFR 101.4) and the "Contains" statement of the major food allergens. */
interface FdaStatements {
  allergen_statement: string | null;
  ingredient_statement: string | null;
  warnings: LabelWarning[];
}

function fdaStatements({ input, request }: LabelStart): FdaStatements {
  return {
    allergen_statement: allergenStatement(input.allergens ?? {}, 'en-US'),
    ingredient_statement: input.ingredient_statement?.[request.language] ?? null,
    warnings: statementWarnings(input, false),
  };
}

/** 21 CFR 101.9(b)(2): the declared serving against the RACC (docs/labeling.md#serving-size-rules). */
function servingWarnings(label: LabelStart, reference: ResolvedReference | null): LabelWarning[] {
  const w = servingSizeWarning(label, 'US', reference?.grams ? reference.grams.toNumber() : null);
  return w ? [w] : [];
}

export const buildFdaLabel = labelBuilder<FdaServing, FdaRows, FdaFront, FdaStatements>({
  serving: fdaServing,
  rows: fdaRows,
  front: fdaFront,
  statements: fdaStatements,
  // Step 5.
  finish: (label, { ctx, serving, amounts, reference }, rows, front, statements) => {
    const { input, request, settings, notes, gaps } = label;
    for (const n of amounts.notes((k) => labelNutrient(k).fda_name)) notes.add(n);
    if (front.sugarAlcoholRow) {
      // 21 CFR 101.9(c)(6)(iv), in its place under Total Carbohydrate (docs/labeling.md#sugars-claims).
      const row = fdaRow('sugar_alcohol', amounts, ctx);
      const order = FDA_ORDER.indexOf('sugar_alcohol');
      const at = rows.rows.findIndex((r) => FDA_ORDER.indexOf(r.key) > order);
      rows.rows.splice(at < 0 ? rows.rows.length : at, 0, row);
      notes.add('Sugar Alcohol is declared: a claim about sugars is made and the food contains sugar alcohols (21 CFR 101.9(c)(6)(iv))');
    }
    const servings = fdaServingsStatement(input.servings_per_container);
    const format = request.format;
    return {
      title: 'Nutrition Facts',
      serving_size: { household: serving.household, grams: serving.grams.toNumber(), display: serving.display, unit: serving.unit },
      servings_per_container: { value: servings.value, display: servings.display },
      nutrients: rows.rows,
      footnote: fdaFootnote(ctx.population),
      claims: front.claims,
      disclosures: front.disclosures,
      allergen_statement: statements.allergen_statement,
      ingredient_statement: statements.ingredient_statement,
      warnings: [
        ...gaps.rowWarnings(rows.declaredKeys),
        ...rows.formatWarnings,
        ...front.referenceWarnings,
        ...servingWarnings(label, reference),
        ...statements.warnings,
      ],
      own: {
        percent_dv_header: '% Daily Value*',
        ...(format === 'fda_dual_container' ? { dual_column_titles: settings.dual_column_titles ?? ['Per serving', 'Per container'] } : {}),
        ...(format === 'fda_simplified' ? { not_significant_statement: rows.notSignificant ?? null } : {}),
      },
    };
  },
});
