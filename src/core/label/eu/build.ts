// The EU/UK nutrition declaration (Regulation (EU) 1169/2011 Arts 30-35, Annexes XIII-XV; in Great
// Britain the assimilated text, same rules) as data, in any of the EU market's languages, in the five
// steps every market takes (shared/label-steps.ts). docs/labeling.md, "Labels for the EU and the UK".
import { Decimal, dec } from '../shared/decimal-round.js';
import type { LabelInput } from '../shared/label-input.js';
import type { EuColumnValue, LabelNutrientRow, LabelWarning, UkFrontOfPackValue } from '../shared/model.js';
import { resolveAmount } from '../shared/label-nutrients.js';
import { labelBuilder, type LabelStart } from '../shared/label-steps.js';
import { languageBase, languageWords } from '../shared/languages.js';
import { statementWarnings, translationWarning } from '../shared/warnings.js';
import { buildUkFrontOfPack } from './uk/front-of-pack.js';
import { annexXivEnergy } from './energy.js';
import { type EuStatement, euIngredientStatement } from './ingredient-statement.js';
import { EU_NRV, EU_REFERENCE_INTAKES, isSignificant, percentOfReference, type SignificanceBasis } from './reference-intakes.js';
import { euBandsFor, euNumber, roundEu, roundSignificant, significantFiguresFor } from './rounding.js';
import { ANNEX_XV_ROW_KEYS, EU_VITAMIN_MINERAL_ORDER, euWording, type EuLanguage, type EuWording } from './wording.js';
import { columnTableRow } from '../shared/column-row.js';
import { POLYOL_NUTRIENTS } from '../rules/polyol-energy.js';
import { euSweetenerStatements, type SweetenerStatement } from '../rules/sweetener-statements.js';
import { polyolGap } from '../shared/polyols.js';
import { mandatoryStatements, sweetenerFacts, sweetenerStatementWarning } from '../shared/sweetener-statements.js';

// Annex XV order. Mandatory (Art. 30(1)): energy, fat, saturates, carbohydrate, sugars, protein, salt;
// the others (Art. 30(2)) only when label_settings.optional_nutrients lists them. Annex I(1): nothing
// else (no trans fat, cholesterol, sodium or added sugars).
const MACRO_ORDER = ANNEX_XV_ROW_KEYS;
const MANDATORY: ReadonlySet<string> = new Set(['energy', 'fat', 'fat_saturated', 'carbohydrate', 'sugar', 'protein', 'salt']);
const VOLUNTARY: ReadonlySet<string> = new Set([...MACRO_ORDER.filter((k) => !MANDATORY.has(k)), ...EU_VITAMIN_MINERAL_ORDER]);
const VITAMINS_MINERALS: ReadonlySet<string> = new Set(EU_VITAMIN_MINERAL_ORDER);
// "of which" rows (Annex XV), printed indented under their parent.
const INDENTED: ReadonlySet<string> = new Set([
  'fat_saturated',
  'fat_monounsaturated',
  'fat_polyunsaturated',
  'sugar',
  'sugar_alcohol',
  'starch',
]);
// Which ingredient fields a printed row rests on (for missing_nutrient warnings): EU carbohydrate is
// ours less fibre, salt comes from sodium, energy from the Annex XIV components that every food has.
const ENERGY_SOURCES = ['fat', 'carbohydrate', 'fiber', 'protein'];
const ROW_SOURCES: Readonly<Record<string, readonly string[]>> = {
  energy: ENERGY_SOURCES,
  carbohydrate: ['carbohydrate', 'fiber'],
  salt: ['sodium'],
};
const UNIT: Readonly<Record<string, string>> = { mcg: 'µg', mg: 'mg', g: 'g' };

/** The unrounded amounts of one basis (per 100 g/mL, or per portion), every EU row key. */
type Amounts = (key: string) => Decimal;

function euAmounts(input: LabelInput, scale: Decimal): Amounts {
  const n = input.nutrition;
  const raw = (key: string): Decimal => {
    const value = n[key];
    return typeof value === 'number' && Number.isFinite(value) ? dec(value) : new Decimal(0);
  };
  const cache = new Map<string, Decimal>();
  const perServing = (key: string): Decimal => {
    switch (key) {
      // Annex I(1): fibre is not carbohydrate; our carbohydrate (by difference) includes it, and every
      // fibre counts (no FDA "uncounted" fibre here).
      case 'fiber':
        return raw('fiber');
      case 'carbohydrate':
        return Decimal.max(raw('carbohydrate').minus(raw('fiber')), 0);
      // Annex I(1): salt = sodium x 2.5, from the unrounded sodium (mg -> g).
      case 'salt':
        return raw('sodium').mul('2.5').div(1000);
      case 'energy':
        throw new RangeError('energy has two sums: use energyOf');
      default:
        return resolveAmount(key, n).value;
    }
  };
  return (key) => {
    let v = cache.get(key);
    if (!v) cache.set(key, (v = perServing(key).mul(scale)));
    return v;
  };
}

/** All polyols: sugar_alcohol, or the polyols named one by one when they add up to more (docs/labeling.md#polyol-energy). */
function polyolsOf(amounts: Amounts): Decimal {
  const named = POLYOL_NUTRIENTS.reduce((sum, key) => sum.plus(amounts(key)), new Decimal(0));
  return Decimal.max(amounts('sugar_alcohol'), named);
}

function energyOf(amounts: Amounts) {
  // Annex XIV: polyols 10 kJ / 2.4 kcal, erythritol 0 (docs/labeling.md#polyol-energy).
  return annexXivEnergy({
    fat: amounts('fat'),
    salatrim: amounts('salatrim'),
    carbohydrate: amounts('carbohydrate'),
    polyols: polyolsOf(amounts),
    erythritol: amounts('erythritol'),
    protein: amounts('protein'),
    fiber: amounts('fiber'),
    alcohol: amounts('alcohol'),
    organic_acids: amounts('organic_acids'),
  });
}

function unitOf(key: string): string {
  if (!VITAMINS_MINERALS.has(key)) return 'g';
  const def = resolveUnit(key);
  return UNIT[def] ?? def;
}

// Label row units of vitamins and minerals (src/core/label/shared/label-nutrients.ts), as the annex writes them.
function resolveUnit(key: string): string {
  const MCG = ['vitamin_a', 'vitamin_d', 'vitamin_k', 'folate', 'vitamin_b12', 'biotin', 'selenium', 'chromium', 'molybdenum', 'iodine'];
  return MCG.includes(key) ? 'mcg' : 'mg';
}

function column(key: string, amounts: Amounts, comma: boolean): EuColumnValue {
  if (key === 'energy') {
    const { kj, kcal } = energyOf(amounts);
    const rKj = roundEu(kj, euBandsFor('energy'), comma);
    const rKcal = roundEu(kcal, euBandsFor('energy'), comma);
    // %RI of energy from kcal (engine default; kJ / 8 400 can differ by one point).
    const ri = percentOfReference(kcal, EU_REFERENCE_INTAKES.energy);
    return {
      amount: rKcal.amount,
      display: `${rKj.text} kJ / ${rKcal.text} kcal`,
      percent_ri: ri.value,
      percent_ri_display: ri.display,
      kj: rKj.amount,
      kcal: rKcal.amount,
    };
  }
  const value = amounts(key);
  const bands = euBandsFor(key);
  const declared = bands ? roundEu(value, bands, comma) : roundSignificant(value, significantFiguresFor(key), comma);
  const reference = EU_REFERENCE_INTAKES[key] ?? EU_NRV[key];
  const ri = reference === undefined ? null : percentOfReference(value, reference);
  return {
    amount: declared.amount,
    display: `${declared.text} ${unitOf(key)}`,
    percent_ri: ri?.value ?? null,
    percent_ri_display: ri?.display ?? null,
  };
}

/** Whole grams from 10 g, one decimal below (the portion as the column heading states it). */
function portionGrams(grams: number): Decimal {
  const g = dec(grams);
  return g.gte(10) ? g.toDecimalPlaces(0, Decimal.ROUND_HALF_UP) : g.toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
}

/** The words of the label's language. */
const wordsOf = (label: LabelStart): EuWording => euWording(label.request.language as EuLanguage);

/** Step 1: the basis of the mandatory column (Art. 32(2)) and the portion of the per-portion column (Art. 33(1)). */
interface EuServing {
  kind: 'solid' | 'beverage' | 'liquid';
  servingGrams: number;
  basis: '100g' | '100mL';
  unitWord: 'g' | 'mL';
  /** A liquid whose per 100 mL cannot be computed. */
  densityWarnings: LabelWarning[];
  per100: Amounts;
  portionQuantity: Decimal | null;
  perPortion: Amounts | null;
  portionText: string | null;
}

function euServing(label: LabelStart): EuServing {
  const { input, settings } = label;
  const comma = wordsOf(label).comma;
  // Art. 32(2): per 100 g, or per 100 mL for beverages and other liquids (through the density).
  const kind = settings.food_kind ?? 'solid';
  const servingGrams = Math.max(input.serving_grams, 0);
  let servingMl: number | null = input.serving_ml && input.serving_ml > 0 ? input.serving_ml : null;
  if (servingMl === null && input.density && input.density > 0 && servingGrams > 0) servingMl = servingGrams / input.density;
  // A liquid is declared per 100 mL of its serving's volume, when that is known.
  const basisMl = kind !== 'solid' ? servingMl : null;
  const basis: '100g' | '100mL' = basisMl !== null ? '100mL' : '100g';
  const densityWarnings: LabelWarning[] = [];
  if (kind !== 'solid' && servingMl === null) {
    densityWarnings.push({
      code: 'missing_density',
      message:
        'This liquid is declared per 100 g: its density is not known (give every ingredient a volume unit such as "1 cup", or a volume yield), so per 100 mL cannot be computed (Regulation (EU) 1169/2011 Art. 32(2)).',
      accepted: false,
    });
  }
  const basisQuantity = basisMl ?? servingGrams;
  const unitWord: 'g' | 'mL' = basis === '100mL' ? 'mL' : 'g';
  const per100Scale = basisQuantity > 0 ? new Decimal(100).div(dec(basisQuantity)) : new Decimal(0);
  const per100 = euAmounts(input, per100Scale);

  // Art. 33(1): per portion in addition, computed from the unrounded per-100 values for the portion as stated.
  const portionQuantity = basisQuantity > 0 ? portionGrams(basisQuantity) : null;
  const perPortion: Amounts | null =
    portionQuantity === null
      ? null
      : (() => {
          const scale = portionQuantity.div(100);
          const cache = new Map<string, Decimal>();
          return (key: string) => {
            let v = cache.get(key);
            if (!v) cache.set(key, (v = per100(key).mul(scale)));
            return v;
          };
        })();
  const portionText = portionQuantity === null ? null : euNumber(portionQuantity, portionQuantity.decimalPlaces(), comma);
  return { kind, servingGrams, basis, unitWord, densityWarnings, per100, portionQuantity, perPortion, portionText };
}

/** Step 2: the Annex XV rows, mandatory and asked for (Art. 30), vitamins and minerals only where significant. */
interface EuRows {
  rows: LabelNutrientRow[];
  /** The ingredient fields the rows rest on (their missing_nutrient warnings). */
  gapKeys: string[];
  notSignificant: LabelWarning[];
}

function euRows(label: LabelStart, serving: EuServing): EuRows {
  const { input, settings, notes } = label;
  const words = wordsOf(label);
  const comma = words.comma;
  const { basis, kind, unitWord, per100, perPortion } = serving;
  // Art. 30(2) voluntary rows, when asked; vitamins and minerals only in a significant amount (Annex XIII Part A point 2).
  const optional = new Set<string>();
  const notSignificant: LabelWarning[] = [];
  const significanceBasis: SignificanceBasis =
    basis === '100mL' ? (kind === 'beverage' ? 'per_100ml_beverage' : 'per_100ml_liquid') : 'per_100g';
  // With a single portion, a vitamin or mineral may also be significant per portion.
  const singlePortionAmounts = perPortion !== null && dec(input.servings_per_container).eq(1) ? perPortion : null;
  const singlePortion = singlePortionAmounts !== null;
  for (const key of settings.optional_nutrients ?? []) {
    if (!VOLUNTARY.has(key)) {
      notes.add(`optional nutrient "${key}" may not appear on an EU nutrition declaration (Regulation (EU) 1169/2011 Annex I(1)): ignored`);
      continue;
    }
    if (VITAMINS_MINERALS.has(key)) {
      const significant = isSignificant(
        key,
        per100(key),
        significanceBasis,
        singlePortionAmounts ? { perPortion: singlePortionAmounts(key) } : null,
      );
      if (!significant) {
        const share = significanceBasis === 'per_100ml_beverage' ? '7.5 % of its NRV per 100 mL' : `15 % of its NRV per 100 ${unitWord}`;
        notSignificant.push({
          code: 'not_significant',
          message: `${words.names[key]} is left out: it is below ${share}${singlePortion ? ' and 15 % per portion' : ''}, the significant amount of Regulation (EU) 1169/2011 Annex XIII Part A point 2.`,
          nutrient: key,
          accepted: false,
        });
        continue;
      }
    }
    optional.add(key);
  }
  // Annex XV "of which polyols": declared whenever the food has polyols (the carbohydrate counts them at their
  // own Annex XIV factors, so the declaration says how much of it they are; docs/labeling.md#polyol-energy).
  const autoPolyols = !optional.has('sugar_alcohol') && polyolsOf(per100).gt(0);
  if (autoPolyols) optional.add('sugar_alcohol');
  const keys = [...MACRO_ORDER, ...EU_VITAMIN_MINERAL_ORDER].filter((k) => MANDATORY.has(k) || optional.has(k));

  const rows: LabelNutrientRow[] = keys.map((key) => {
    const name = words.names[key];
    const a = column(key, per100, comma);
    const p = perPortion ? column(key, perPortion, comma) : null;
    const unit = key === 'energy' ? 'kcal' : unitOf(key);
    return columnTableRow({ key, name, unit, indent: INDENTED.has(key) ? 1 : 0 }, a, {
      line: `${name} ${a.display}`,
      per_100: a,
      per_portion: p,
    });
  });

  // Rows whose amounts rest on unknown values, and the energy components every food has.
  const gapKeys: string[] = [];
  for (const key of [...keys, ...ENERGY_SOURCES]) {
    // The polyols declared because the food has them rest on the ingredients that state polyols; one that is a
    // polyol by name without an amount is said by polyolGap (an ingredient that states none adds none).
    if (autoPolyols && key === 'sugar_alcohol') continue;
    for (const source of ROW_SOURCES[key] ?? [key]) if (!gapKeys.includes(source)) gapKeys.push(source);
  }
  notes.add(
    'energy counts alcohol, organic acids, polyols, erythritol and salatrim only where ingredients state them (Regulation (EU) 1169/2011 Annex XIV)',
  );
  return { rows, gapKeys, notSignificant };
}

/**
 * Step 3: in en-GB, the UK's voluntary traffic-light panel beside the declaration (docs/labeling.md#uk-front-of-pack),
 * from the same unrounded amounts; a box resting on unknown, not accepted, values is never coloured.
 */
function euFront(label: LabelStart, serving: EuServing): UkFrontOfPackValue | undefined {
  const { input, request, settings, gaps } = label;
  const { basis, kind, servingGrams, unitWord, per100, perPortion, portionQuantity } = serving;
  if (request.language !== 'en-GB' || perPortion === null || portionQuantity === null) return undefined;
  const rowBlocked = (key: string) => (ROW_SOURCES[key] ?? [key]).some((source) => gaps.blocked(source));
  return buildUkFrontOfPack(
    {
      per100,
      per100g: basis === '100g' ? per100 : euAmounts(input, servingGrams > 0 ? new Decimal(100).div(dec(servingGrams)) : new Decimal(0)),
      perPortion,
      energyPer100: energyOf(per100),
      energyPerPortion: energyOf(perPortion),
      portion: portionQuantity,
      unit: unitWord,
      drink: kind === 'beverage',
      unknown: rowBlocked,
      largePortionRule: settings.uk_large_portion_rule === true,
    },
    wordsOf(label).riStatement,
  );
}

/** Step 4: the list of ingredients with its allergens emphasised (Art. 21(1)(b)); no separate "Contains" line. */
interface EuStatements {
  statement: EuStatement;
  /** Annex III point 2: the sweetener, phenylalanine and laxative statements in the label's language. */
  sweeteners: SweetenerStatement[];
  warnings: LabelWarning[];
}

function euStatements(label: LabelStart): EuStatements {
  const { input, request } = label;
  const language = request.language as EuLanguage;
  const statement = euIngredientStatement(input, language, wordsOf(label).statementHeading);
  const warnings = [...statementWarnings(input, false), ...statement.warnings];
  // A statement in French, German, ... that falls back to English names is said, never printed silently.
  const base = languageBase(language);
  if (base !== 'en') {
    const w = translationWarning(languageWords(language).name, input.untranslated_by_language?.[base] ?? []);
    if (w) warnings.push(w);
  }
  // Regulation (EU) 1169/2011 Annex III point 2 (docs/labeling.md#sweetener-statements).
  const sweeteners = euSweetenerStatements(sweetenerFacts(label), base as 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl');
  const wording = sweetenerStatementWarning(sweeteners);
  if (wording) warnings.push(wording);
  return { statement, sweeteners, warnings };
}

export const buildEuLabel = labelBuilder<EuServing, EuRows, UkFrontOfPackValue | undefined, EuStatements>({
  serving: euServing,
  rows: euRows,
  front: euFront,
  statements: euStatements,
  // Step 5.
  finish: (label, serving, rows, front_of_pack, { statement, sweeteners, warnings }) => {
    const { input, gaps } = label;
    const words = wordsOf(label);
    const { portionQuantity, portionText, unitWord } = serving;
    const portions = dec(input.servings_per_container);
    const portionsWhole = portions.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    const portionsShown = Decimal.max(portionsWhole, 1);
    const approximate = !portionsShown.eq(portions);
    const portionsDisplay = words.portions(euNumber(portionsShown, 0, words.comma), portionsShown.eq(1), approximate);
    const hasRi = rows.rows.some((r) => (p(r)?.percent_ri ?? null) !== null);
    const alsoEnergy = 'The energy value and available carbohydrate rest on it too.';
    const gapWarnings = gaps.rowWarnings(rows.gapKeys, {
      fiber: alsoEnergy,
      carbohydrate: alsoEnergy,
      fat: 'The energy value rests on it too.',
      protein: 'The energy value rests on it too.',
    });
    const polyols = polyolGap(label).warning;
    return {
      title: words.title,
      serving_size: {
        household: input.household_serving ?? null,
        grams: portionQuantity?.toNumber() ?? 0,
        display: portionText === null ? '' : `${portionText} ${unitWord}`,
        unit: unitWord,
      },
      servings_per_container: { value: portionsShown.toNumber(), display: portionsDisplay },
      nutrients: rows.rows,
      footnote: hasRi ? words.riStatement : '',
      claims: [],
      // Art. 21(1): allergens are emphasised inside the ingredient list; no separate "Contains" line.
      allergen_statement: null,
      ingredient_statement: statement.text,
      warnings: [...gapWarnings, ...(polyols ? [polyols] : []), ...serving.densityWarnings, ...rows.notSignificant, ...warnings],
      own: {
        basis: serving.basis,
        portion: portionQuantity === null ? null : { grams: portionQuantity.toNumber(), display: `${portionText} ${unitWord}` },
        portions_per_pack: portionsShown.toNumber(),
        ri_statement: words.riStatement,
        column_headers: {
          per_100: words.per100(unitWord),
          per_portion: portionText === null ? null : words.perPortion(portionText, unitWord),
          percent_ri: words.percentRi,
        },
        ...(statement.runs ? { ingredient_statement_runs: statement.runs } : {}),
        mandatory_statements: mandatoryStatements(sweeteners),
        ...(front_of_pack ? { front_of_pack } : {}),
      },
    };
  },
});

const p = (row: LabelNutrientRow) => row.per_portion ?? row.per_100;
