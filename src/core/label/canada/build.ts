// The Canadian Nutrition Facts table (FDR B.01.401-B.01.402, 2016 format) as data, in English,
// French, or as one bilingual table, in the five steps every market takes (shared/label-steps.ts).
// docs/labeling.md#canada.
// Canadian nutrient content claims (FDR B.01.500 ff.) are out of scope: `claims` is always [].
import { must } from '../../../lib/must.js';
import { Decimal, plainText } from '../shared/decimal-round.js';
import type { FrontOfPack, LabelLanguage, LabelNutrientRow, LabelWarning } from '../shared/model.js';
import { ServingAmounts, restateFactor, restateNote } from '../shared/amounts.js';
import {
  caCalorieBands,
  caCholesterolBands,
  caFatBands,
  caFixedBands,
  caSodiumBands,
  roundCanadaWith,
  CA_FATTY_ACID_BANDS,
  type CaDeclared,
} from './rounding.js';
import { caFreeOf, basisFrom, scaleBasis } from './free-of.js';
import { caPercentDv, CA_FOOTNOTE_EN, CA_FOOTNOTE_FR } from './daily-values.js';
import { frontOfPack } from './front-of-pack.js';
import { labelNutrient, CA_OPTIONAL_VITAMIN_MINERAL_ORDER } from '../shared/label-nutrients.js';
import { type CaServingSize, caServingSize, caServingsStatement } from '../shared/serving.js';
import type { Band } from '../shared/bands.js';
import type { NumberStyle } from '../shared/number-format.js';
import { allergenStatement } from '../../allergens.js';
import { referenceAmountMissing, statementWarnings } from '../shared/warnings.js';
import { resolveReference, type ResolvedReference } from '../reference-amounts/index.js';
import { servingSizeWarning } from '../shared/serving-check.js';
import { labelBuilder, type LabelStart } from '../shared/label-steps.js';

const FATTY_ACIDS = ['fat_polyunsaturated', 'omega_6', 'omega_3', 'fat_monounsaturated'];
// Printed order: table to B.01.401 (items 2-15) with B.01.402 fatty acids under fat, sugar alcohols under
// carbohydrate, and the additional vitamins and minerals after iron.
const CA_ORDER: readonly string[] = [
  'calories',
  'fat',
  'fat_saturated',
  'fat_trans',
  'fat_saturated_trans',
  ...FATTY_ACIDS,
  'carbohydrate',
  'fiber',
  'sugar',
  'sugar_alcohol',
  'protein',
  'cholesterol',
  'sodium',
  'potassium',
  'calcium',
  'iron',
  ...CA_OPTIONAL_VITAMIN_MINERAL_ORDER,
];
const CA_MANDATORY: ReadonlySet<string> = new Set([
  'calories',
  'fat',
  'fat_saturated',
  'fat_trans',
  'fat_saturated_trans',
  'carbohydrate',
  'fiber',
  'sugar',
  'protein',
  'cholesterol',
  'sodium',
  'potassium',
  'calcium',
  'iron',
]);
const CA_VOLUNTARY: ReadonlySet<string> = new Set(CA_ORDER.filter((k) => !CA_MANDATORY.has(k)));
const BOLD: ReadonlySet<string> = new Set(['calories', 'fat', 'carbohydrate', 'protein', 'cholesterol', 'sodium']);
const INDENT: Readonly<Record<string, 1 | 2>> = {
  fat_saturated: 1,
  fat_trans: 1,
  fat_saturated_trans: 1,
  fat_polyunsaturated: 1,
  omega_6: 2,
  omega_3: 2,
  fat_monounsaturated: 1,
  fiber: 1,
  sugar: 1,
  sugar_alcohol: 1,
};

/** Which table: English, French, or the one bilingual table (and its number style). */
interface CaTable {
  bilingual: boolean;
  french: boolean;
  /** docs/labeling.md#decisions #11: a unilingual French table uses the decimal comma; the bilingual table keeps the point. */
  style: NumberStyle;
}

function tableOf({ request }: LabelStart): CaTable {
  const bilingual = request.format === 'ca_bilingual';
  const french = request.language === 'fr-CA' && !bilingual;
  return { bilingual, french, style: french ? 'ca_fr' : 'ca_en' };
}

/** Step 1: the serving (B.01.401(1.1)), the amounts restated for it, and the reference amount. */
interface CaServing {
  table: CaTable;
  serving: CaServingSize;
  amounts: ServingAmounts;
  reference: ResolvedReference | null;
  /** The reference amount, or the serving standing in for it. */
  referenceGrams: Decimal;
  referenceWarnings: LabelWarning[];
}

function caServing(label: LabelStart): CaServing {
  const { input, settings, notes } = label;
  const table = tableOf(label);
  if (settings.dv_population === 'children_1_3') {
    notes.add('Canadian Daily Values for children 1-<4 are not implemented (not verified): values for persons 4 years and older used');
    notes.add(
      'front-of-pack thresholds for foods solely for children 1-<4 (columns 5 to 7 of the table to FDR B.01.350) are not implemented: the general thresholds were applied',
    );
  }
  if (settings.percent_dv_basis === 'unrounded') {
    notes.add('percent_dv_basis "unrounded" does not apply to Canadian tables: %DV comes from the declared amounts (B.01.401(1.2))');
  }

  const serving = caServingSize(
    input.household_serving ?? null,
    input.serving_grams,
    input.serving_ml ?? null,
    settings.household_serving_fr,
  );
  const servingTranslation: LabelWarning[] = [];
  if (table.french && serving.household && !serving.household_translated) {
    if (/\p{L}/u.test(serving.household)) {
      // FDR B.01.012: the French serving statement in French; an English measure word is no French one.
      servingTranslation.push({
        code: 'missing_translation',
        message: `The French serving statement would print the household measure "${serving.household}" in English (FDR B.01.012): set label_settings.household_serving_fr (e.g. "1 carré", "2 tranches", "1/24 gâteau").`,
        accepted: false,
      });
    } else notes.add(`household measure "${serving.household}" left as written in French: no known measure word`);
  }
  const recipeMetric = serving.unit === 'mL' ? input.serving_ml : input.serving_grams;
  const factor = restateFactor(serving.metric, recipeMetric);
  const amounts = new ServingAmounts(input.nutrition, factor);
  const restated = restateNote(factor, serving.metric, recipeMetric ?? 0, serving.unit);
  if (restated) notes.add(restated);

  // docs/labeling.md#canada-free-of / docs/labeling.md#decisions #8: "free of" conditions hold per reference amount AND per serving.
  const servingGrams = serving.grams;
  const reference = resolveReference('CA', settings.reference_amount_grams, settings.reference_amount_category, {
    grams: servingGrams,
    ml: serving.unit === 'mL' ? serving.metric : null,
  });
  const referenceWarnings: LabelWarning[] = [];
  let referenceGrams: Decimal;
  if (reference?.grams) {
    referenceGrams = reference.grams;
    notes.add(`reference amount: ${reference.source}`);
  } else {
    referenceGrams = servingGrams.gt(0) ? servingGrams : new Decimal(1);
    referenceWarnings.push(referenceAmountMissing('CA', reference?.problem));
    notes.add(
      `no reference amount: the serving (${plainText(servingGrams)} g) stands in for the "free of" tests and the front-of-pack thresholds`,
    );
  }
  // Column 3A of the Table of Reference Amounts: the serving against the reference amount (docs/labeling.md#serving-size-rules).
  const servingCheck = servingSizeWarning(
    label,
    'CA',
    reference?.grams ? reference.grams.toNumber() : null,
    settings.reference_amount_category,
  );
  if (servingCheck) referenceWarnings.push(servingCheck);
  referenceWarnings.push(...servingTranslation);
  return { table, serving, amounts, reference, referenceGrams, referenceWarnings };
}

/** Step 2: the rows of B.01.401, rounded by their column 4 (whose bands depend on the "free of" tests). */
interface CaRows {
  rows: LabelNutrientRow[];
  keys: string[];
}

function caRows({ settings, notes, gaps }: LabelStart, { table, serving, amounts, referenceGrams }: CaServing): CaRows {
  const { bilingual, french, style } = table;
  const servingGrams = serving.grams;
  const perServing = basisFrom((k) => amounts.get(k));
  const raFactor = servingGrams.gt(0) ? referenceGrams.div(servingGrams) : new Decimal(1);
  const free = caFreeOf(perServing, scaleBasis(perServing, raFactor), (k) => gaps.blocked(k));

  const optional = new Set<string>();
  for (const key of settings.optional_nutrients ?? []) {
    if (CA_VOLUNTARY.has(key)) optional.add(key);
    else if (!CA_MANDATORY.has(key)) notes.add(`optional nutrient "${key}" is not declarable on a Canadian table: ignored`);
  }
  const keys = CA_ORDER.filter((k) => CA_MANDATORY.has(k) || optional.has(k));

  // Rounding that depends on other declarations is resolved first.
  const declared = new Map<string, CaDeclared>();
  const round = (key: string, bands: readonly Band[]): CaDeclared => {
    const r = roundCanadaWith(key, amounts.get(key), bands, style);
    declared.set(key, r);
    return r;
  };
  const saturated = round('fat_saturated', caFatBands(free.saturated)); // B.01.401 item 4
  const trans = round('fat_trans', caFatBands(free.trans)); // B.01.401 item 5
  for (const k of FATTY_ACIDS) if (optional.has(k)) round(k, CA_FATTY_ACID_BANDS);
  // B.01.401 item 3: fat < 0.5 g is "0 g" only when free of fat, saturated and trans are declared 0 g,
  // and no other declared fatty acid is more than 0 g.
  const fatZeroAllowed =
    free.fat &&
    saturated.declared.isZero() &&
    trans.declared.isZero() &&
    FATTY_ACIDS.every((k) => declared.get(k)?.declared.isZero() ?? true);
  round('fat', caFatBands(fatZeroAllowed));
  round('calories', caCalorieBands(free.energy)); // B.01.401 item 2
  round('cholesterol', caCholesterolBands(free.cholesterol)); // B.01.401 item 7
  round('sodium', caSodiumBands(free.sodium)); // B.01.401 item 8
  for (const k of keys) {
    if (declared.has(k) || k === 'fat_saturated_trans') continue;
    const bands = caFixedBands(k);
    if (!bands) throw new Error(`no Canadian rounding for ${k}`);
    round(k, bands);
  }

  const rows: LabelNutrientRow[] = keys.map((key) => {
    const def = labelNutrient(key);
    const name = french ? def.ca_name_fr : def.ca_name;
    if (key === 'fat_saturated_trans') {
      // B.01.401 item 6: one %DV for saturated + trans, from their declared amounts; both 0 g -> 0 %.
      const sum = saturated.declared.plus(trans.declared);
      const pdv = caPercentDv(key, sum, style);
      const row: LabelNutrientRow = {
        key,
        name,
        amount: null,
        unit: 'g',
        display: '',
        percent_dv: pdv?.value ?? null,
        percent_dv_display: pdv?.display ?? null,
        indent: 1,
        bold: false,
        line: name,
      };
      if (bilingual) row.name_fr = def.ca_name_fr;
      return row;
    }
    const r = must(declared.get(key), 'a rounded row (every key but fat_saturated_trans is rounded above)');
    const pdv = caPercentDv(key, r.declared, style);
    const row: LabelNutrientRow = {
      key,
      name,
      amount: r.amount,
      unit: def.unit,
      display: r.display,
      percent_dv: pdv?.value ?? null,
      percent_dv_display: pdv?.display ?? null,
      indent: INDENT[key] ?? 0,
      bold: BOLD.has(key),
      line: bilingual ? `${name} / ${def.ca_name_fr} ${r.display}` : `${name} ${r.display}`,
    };
    if (bilingual) row.name_fr = def.ca_name_fr;
    return row;
  });
  return { rows, keys };
}

/** Step 3: the front-of-package "High in" determination (FDR B.01.350); Canadian claims (B.01.500 ff.) are not made. */
interface CaFront {
  fop: FrontOfPack;
  /** What the nutrients' missing_nutrient warnings add: the symbol cannot be decided on them. */
  fopGap: Record<string, string>;
}

function caFront({ settings, notes, gaps }: LabelStart, { serving, amounts, reference, referenceGrams }: CaServing): CaFront {
  const servingGrams = serving.grams;
  const fop = frontOfPack({
    per_serving: { fat_saturated: amounts.get('fat_saturated'), sugar: amounts.get('sugar'), sodium: amounts.get('sodium') },
    serving_grams: servingGrams.gt(0) ? servingGrams : referenceGrams,
    reference_amount_grams: referenceGrams,
    // B.01.350(1): the threshold follows the reference amount in the table's own unit (30 g or 30 mL).
    small_reference_amount: reference?.grams ? reference.small : undefined,
    main_dish: settings.main_dish ?? false,
    exemption: settings.front_of_pack_exemption ?? null,
    blocked: (k) => gaps.blocked(k),
  });
  // The "High in" symbol must not rest on unknowns either (FDR B.01.350): say so on the nutrient's warning.
  const fopGap: Record<string, string> = {};
  const FOP_KEY = { saturated_fat: 'fat_saturated', sugars: 'sugar', sodium: 'sodium' } as const;
  for (const n of fop.undetermined ?? []) {
    fopGap[FOP_KEY[n]] = `Whether the front-of-pack "High in" symbol must show ${n.replace('_', ' ')} cannot be decided until it is known.`;
  }
  notes.add('front-of-pack "High in" thresholds are tested on unrounded amounts (the FDR does not say; docs/labeling.md#decisions #12)');
  return { fop, fopGap };
}

/** Step 4: the statements in the table's language (a bilingual table: English, and French in `bilingual`). */
interface CaStatements {
  /** The language of the main statements. */
  language: LabelLanguage;
  allergen_statement: string | null;
  ingredient_statement: string | null;
  warnings: LabelWarning[];
}

function caStatements(label: LabelStart, { table }: CaServing): CaStatements {
  const { input, request } = label;
  const language: LabelLanguage = table.bilingual ? 'en-CA' : request.language;
  return {
    language,
    allergen_statement: allergenStatement(input.allergens ?? {}, language),
    ingredient_statement: input.ingredient_statement?.[language] ?? null,
    warnings: statementWarnings(input, table.bilingual || table.french),
  };
}

export const buildCanadaLabel = labelBuilder<CaServing, CaRows, CaFront, CaStatements>({
  serving: caServing,
  rows: caRows,
  front: caFront,
  statements: caStatements,
  // Step 5.
  finish: ({ input, notes, gaps }, { table, serving, amounts, referenceWarnings }, rows, front, statements) => {
    const { bilingual, french } = table;
    for (const n of amounts.notes((k) => labelNutrient(k).ca_name)) notes.add(n);
    const servingsEn = caServingsStatement(input.servings_per_container, 'en');
    const servingsFr = caServingsStatement(input.servings_per_container, 'fr');
    const servings = french ? servingsFr : servingsEn;
    return {
      title: french ? 'Valeur nutritive' : 'Nutrition Facts',
      serving_size: {
        household: french ? serving.household_fr : serving.household,
        grams: serving.grams.toNumber(),
        display: french ? serving.display_fr : serving.display,
        unit: serving.unit,
      },
      servings_per_container: { value: servings.value, display: servings.display },
      nutrients: rows.rows,
      footnote: french ? CA_FOOTNOTE_FR : CA_FOOTNOTE_EN,
      claims: [],
      allergen_statement: statements.allergen_statement,
      ingredient_statement: statements.ingredient_statement,
      front_of_pack: front.fop,
      warnings: [...gaps.rowWarnings(rows.keys, front.fopGap), ...referenceWarnings, ...statements.warnings],
      own: {
        percent_dv_header: french ? '% valeur quotidienne*' : '% Daily Value*',
        ...(bilingual
          ? {
              bilingual: {
                title_fr: 'Valeur nutritive',
                serving_display_fr: serving.display_fr,
                footnote_fr: CA_FOOTNOTE_FR,
                allergen_statement_fr: allergenStatement(input.allergens ?? {}, 'fr-CA'),
                ingredient_statement_fr: input.ingredient_statement?.['fr-CA'] ?? null,
                percent_dv_header_fr: '% valeur quotidienne*',
                servings_display_fr: servingsFr.display,
              },
            }
          : {}),
      },
    };
  },
});
