// The rows a label can carry: their key (docs/api.md#label-data), unit as printed, names per jurisdiction and
// language, and how the amount is read from a recipe's per-serving nutrition (src/core/nutrients.ts keys).
import type { NutrientValues } from '../../nutrients.js';
import { Decimal, dec } from './decimal-round.js';

export type LabelUnit = 'kcal' | 'g' | 'mg' | 'mcg';

export interface LabelNutrientDef {
  key: string;
  unit: LabelUnit;
  /** FDA name (21 CFR 101.9(c) wording) and the abbreviation allowed on linear/tabular labels (101.9(j)(13)(ii)(B)). */
  fda_name: string;
  fda_short?: string;
  /** Canadian names, FDR tables to B.01.401 and B.01.402 (column 2 EN, French version column 2). */
  ca_name: string;
  ca_name_fr: string;
}

const d = (key: string, unit: LabelUnit, fda_name: string, ca_name: string, ca_name_fr: string, fda_short?: string): LabelNutrientDef => ({
  key,
  unit,
  fda_name,
  ca_name,
  ca_name_fr,
  ...(fda_short ? { fda_short } : {}),
});

export const LABEL_NUTRIENTS: readonly LabelNutrientDef[] = [
  d('calories', 'kcal', 'Calories', 'Calories', 'Calories'),
  d('fat', 'g', 'Total Fat', 'Fat', 'Lipides'),
  d('fat_saturated', 'g', 'Saturated Fat', 'Saturated', 'saturés', 'Sat. Fat'),
  d('fat_trans', 'g', 'Trans Fat', '+ Trans', '+ trans'),
  d('fat_saturated_trans', 'g', 'Saturated + Trans', 'Saturated + Trans', 'saturés + trans'),
  d('fat_polyunsaturated', 'g', 'Polyunsaturated Fat', 'Polyunsaturated', 'polyinsaturés', 'Polyunsat. Fat'),
  d('omega_6', 'g', 'Omega-6', 'Omega-6', 'oméga-6'),
  d('omega_3', 'g', 'Omega-3', 'Omega-3', 'oméga-3'),
  d('fat_monounsaturated', 'g', 'Monounsaturated Fat', 'Monounsaturated', 'monoinsaturés', 'Monounsat. Fat'),
  d('cholesterol', 'mg', 'Cholesterol', 'Cholesterol', 'Cholestérol', 'Cholest.'),
  d('sodium', 'mg', 'Sodium', 'Sodium', 'Sodium'),
  d('carbohydrate', 'g', 'Total Carbohydrate', 'Carbohydrate', 'Glucides', 'Total Carb.'),
  d('fiber', 'g', 'Dietary Fiber', 'Fibre', 'Fibres', 'Fiber'),
  d('sugar', 'g', 'Total Sugars', 'Sugars', 'Sucres', 'Total Sugars'),
  d('added_sugar', 'g', 'Added Sugars', 'Added Sugars', 'Sucres ajoutés', 'Added Sugars'),
  d('sugar_alcohol', 'g', 'Sugar Alcohol', 'Sugar alcohols', 'Polyalcools'),
  d('protein', 'g', 'Protein', 'Protein', 'Protéines'),
  d('vitamin_d', 'mcg', 'Vitamin D', 'Vitamin D', 'Vitamine D', 'Vit. D'),
  d('calcium', 'mg', 'Calcium', 'Calcium', 'Calcium'),
  d('iron', 'mg', 'Iron', 'Iron', 'Fer'),
  d('potassium', 'mg', 'Potassium', 'Potassium', 'Potassium', 'Potas.'),
  d('vitamin_a', 'mcg', 'Vitamin A', 'Vitamin A', 'Vitamine A', 'Vit. A'),
  d('vitamin_c', 'mg', 'Vitamin C', 'Vitamin C', 'Vitamine C', 'Vit. C'),
  d('vitamin_e', 'mg', 'Vitamin E', 'Vitamin E', 'Vitamine E', 'Vit. E'),
  d('vitamin_k', 'mcg', 'Vitamin K', 'Vitamin K', 'Vitamine K', 'Vit. K'),
  d('thiamin', 'mg', 'Thiamin', 'Thiamine', 'Thiamine'),
  d('riboflavin', 'mg', 'Riboflavin', 'Riboflavin', 'Riboflavine'),
  d('niacin', 'mg', 'Niacin', 'Niacin', 'Niacine'),
  d('vitamin_b6', 'mg', 'Vitamin B6', 'Vitamin B6', 'Vitamine B6', 'Vit. B6'),
  d('folate', 'mcg', 'Folate', 'Folate', 'Folate'),
  d('vitamin_b12', 'mcg', 'Vitamin B12', 'Vitamin B12', 'Vitamine B12', 'Vit. B12'),
  d('biotin', 'mcg', 'Biotin', 'Biotin', 'Biotine'),
  d('pantothenic_acid', 'mg', 'Pantothenic Acid', 'Pantothenic acid', 'Acide pantothénique'),
  d('choline', 'mg', 'Choline', 'Choline', 'Choline'),
  d('phosphorus', 'mg', 'Phosphorus', 'Phosphorus', 'Phosphore'),
  d('iodine', 'mcg', 'Iodine', 'Iodide', 'Iodure'),
  d('magnesium', 'mg', 'Magnesium', 'Magnesium', 'Magnésium'),
  d('zinc', 'mg', 'Zinc', 'Zinc', 'Zinc'),
  d('selenium', 'mcg', 'Selenium', 'Selenium', 'Sélénium'),
  d('copper', 'mg', 'Copper', 'Copper', 'Cuivre'),
  d('manganese', 'mg', 'Manganese', 'Manganese', 'Manganèse'),
  d('chromium', 'mcg', 'Chromium', 'Chromium', 'Chrome'),
  d('molybdenum', 'mcg', 'Molybdenum', 'Molybdenum', 'Molybdène'),
  d('chloride', 'mg', 'Chloride', 'Chloride', 'Chlorure'),
  // Rows and energy components of EU/UK labels (Regulation (EU) 1169/2011 Annexes XIV-XV); their EU names
  // in every language are in src/core/label/eu/wording.ts.
  d('starch', 'g', 'Starch', 'Starch', 'Amidon'),
  d('alcohol', 'g', 'Alcohol', 'Alcohol', 'Alcool'),
  d('organic_acids', 'g', 'Organic acids', 'Organic acids', 'Acides organiques'),
  d('erythritol', 'g', 'Erythritol', 'Erythritol', 'Érythritol'),
  d('salatrim', 'g', 'Salatrim', 'Salatrim', 'Salatrim'),
];

const BY_KEY = new Map(LABEL_NUTRIENTS.map((n) => [n.key, n]));

export function labelNutrient(key: string): LabelNutrientDef {
  const def = BY_KEY.get(key);
  if (!def) throw new RangeError(`unknown label nutrient ${key}`);
  return def;
}

export function isLabelNutrient(key: string): boolean {
  return BY_KEY.has(key);
}

/**
 * The fifteen nutrients every FDA label declares, 21 CFR 101.9(c) (the "listed" nutrients of the
 * simplified format, 101.9(f), are the same fifteen); FDR B.01.401's are a subset.
 */
export const FDA_MANDATORY_NUTRIENTS: readonly string[] = [
  'calories',
  'fat',
  'fat_saturated',
  'fat_trans',
  'cholesterol',
  'sodium',
  'carbohydrate',
  'fiber',
  'sugar',
  'added_sugar',
  'protein',
  'vitamin_d',
  'calcium',
  'iron',
  'potassium',
];

/** Vitamins and minerals other than the core four, in the order of the RDI list of 21 CFR 101.9(c)(8)(iv),
 * which (c)(8)(ii) makes the printing order of voluntarily declared vitamins and minerals. */
export const FDA_OPTIONAL_VITAMIN_MINERAL_ORDER: readonly string[] = [
  'vitamin_a',
  'vitamin_c',
  'vitamin_e',
  'vitamin_k',
  'thiamin',
  'riboflavin',
  'niacin',
  'vitamin_b6',
  'folate',
  'vitamin_b12',
  'biotin',
  'pantothenic_acid',
  'phosphorus',
  'iodine',
  'magnesium',
  'zinc',
  'selenium',
  'copper',
  'manganese',
  'chromium',
  'molybdenum',
  'chloride',
  'choline',
];

/** Vitamins and minerals of the table to FDR B.01.402 (items 9-32), in that table's order. */
export const CA_OPTIONAL_VITAMIN_MINERAL_ORDER: readonly string[] = [
  'vitamin_a',
  'vitamin_c',
  'vitamin_d',
  'vitamin_e',
  'vitamin_k',
  'thiamin',
  'riboflavin',
  'niacin',
  'vitamin_b6',
  'folate',
  'vitamin_b12',
  'biotin',
  'pantothenic_acid',
  'choline',
  'phosphorus',
  'iodine',
  'magnesium',
  'zinc',
  'selenium',
  'copper',
  'manganese',
  'chromium',
  'molybdenum',
  'chloride',
];

export interface ResolvedAmount {
  value: Decimal;
  /** No source value at all: printed as zero, and the label says so in `notes`. */
  missing: boolean;
  /** Why the value was derived the way it was (IU conversions, uncounted fibre). */
  note?: string;
}

function present(nutrition: NutrientValues, key: string): boolean {
  const v = nutrition[key];
  return typeof v === 'number' && Number.isFinite(v);
}

/** The unrounded per-serving amount of a label row from the recipe's nutrition. */
export function resolveAmount(key: string, nutrition: NutrientValues): ResolvedAmount {
  const get = (k: string): Decimal => dec(nutrition[k] as number);
  switch (key) {
    case 'fiber': {
      // The recipe's fiber includes fibres FDA does not count as dietary fiber (101.9(c)(6)(i));
      // ReciPal tracks them as uncounted_fiber, and the label declares the difference.
      if (!present(nutrition, 'fiber')) return { value: new Decimal(0), missing: true };
      if (!present(nutrition, 'uncounted_fiber') || nutrition.uncounted_fiber === 0) return { value: get('fiber'), missing: false };
      const value = Decimal.max(get('fiber').minus(get('uncounted_fiber')), 0);
      return { value, missing: false, note: 'dietary fiber declared as fiber minus uncounted_fiber' };
    }
    case 'fat_saturated_trans': {
      const sat = present(nutrition, 'fat_saturated') ? get('fat_saturated') : new Decimal(0);
      const trans = present(nutrition, 'fat_trans') ? get('fat_trans') : new Decimal(0);
      return { value: sat.plus(trans), missing: !present(nutrition, 'fat_saturated') && !present(nutrition, 'fat_trans') };
    }
    case 'vitamin_d':
      if (present(nutrition, 'vitamin_d_mcg')) return { value: get('vitamin_d_mcg'), missing: false };
      if (present(nutrition, 'vitamin_d_IU')) {
        // docs/labeling.md#unit-conversions: 1 IU vitamin D = 0.025 mcg (NIH ODS).
        return { value: get('vitamin_d_IU').mul('0.025'), missing: false, note: 'vitamin D converted from IU (1 IU = 0.025 mcg)' };
      }
      return { value: new Decimal(0), missing: true };
    case 'vitamin_a':
      if (present(nutrition, 'vitamin_a_rae')) return { value: get('vitamin_a_rae'), missing: false };
      if (present(nutrition, 'vitamin_a_IU')) {
        // docs/labeling.md#unit-conversions: 1 IU = 0.3 mcg RAE holds for retinol; beta-carotene converts differently, so say so.
        return {
          value: get('vitamin_a_IU').mul('0.3'),
          missing: false,
          note: 'vitamin A converted from IU as retinol (1 IU = 0.3 mcg RAE); carotenoid sources convert lower, set vitamin_a_rae for an exact value',
        };
      }
      return { value: new Decimal(0), missing: true };
    case 'folate':
      // The 2016 rule declares folate in mcg DFE (docs/labeling.md#us-definitions); prefer the DFE value when known.
      if (present(nutrition, 'folate_dietary_equivalents')) return { value: get('folate_dietary_equivalents'), missing: false };
      if (present(nutrition, 'folate')) {
        return {
          value: get('folate'),
          missing: false,
          note: 'folate declared from total folate; no DFE value known (folic acid counts 1.7x in DFE)',
        };
      }
      return { value: new Decimal(0), missing: true };
    default:
      if (present(nutrition, key)) return { value: get(key), missing: false };
      return { value: new Decimal(0), missing: true };
  }
}
