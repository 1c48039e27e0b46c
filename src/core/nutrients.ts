// The nutrient catalogue: every nutrient an ingredient can carry, its unit, and whether the
// create rule of docs/api.md#ingredients requires it. All stored values are per 100 g of the ingredient.
// One list, read by validation, storage, the recipe engine, labels and the USDA importer.

export type NutrientUnit = 'kcal' | 'g' | 'mg' | 'mcg' | 'IU';

export type NutrientGroup = 'energy' | 'macronutrient' | 'mineral' | 'vitamin' | 'amino_acid' | 'other';

export interface NutrientDef {
  key: string;
  unit: NutrientUnit;
  group: NutrientGroup;
  /** docs/api.md#ingredients, "Create": required on create for food items. */
  required: boolean;
}

function defs(group: NutrientGroup, unit: NutrientUnit, keys: string[], required: string[] = []): NutrientDef[] {
  return keys.map((key) => ({ key, unit, group, required: required.includes(key) }));
}

// ReciPal's nutrition fields (docs/api.md#ingredients; the OpenAPI document lists them), in its order; then the extra members it says responses carry.
export const NUTRIENTS: readonly NutrientDef[] = [
  ...defs('energy', 'kcal', ['calories'], ['calories']),
  ...defs(
    'macronutrient',
    'g',
    [
      'protein',
      'fat',
      'fat_saturated',
      'fat_trans',
      'carbohydrate',
      'fiber',
      'uncounted_fiber',
      'sugar',
      'added_sugar',
      'sugar_alcohol',
      'fat_monounsaturated',
      'fat_polyunsaturated',
      'omega_3',
      'omega_6',
      'water',
      'ash',
    ],
    ['protein', 'fat', 'fat_saturated', 'fat_trans', 'carbohydrate', 'fiber', 'sugar', 'added_sugar'],
  ),
  ...defs(
    'mineral',
    'mg',
    ['cholesterol', 'sodium', 'calcium', 'iron', 'potassium', 'phosphorus', 'magnesium', 'zinc', 'copper', 'manganese', 'chloride'],
    ['cholesterol', 'sodium', 'calcium', 'iron'],
  ),
  ...defs(
    'vitamin',
    'mg',
    ['vitamin_c', 'vitamin_e', 'thiamin', 'riboflavin', 'niacin', 'vitamin_b6', 'pantothenic_acid', 'choline'],
    ['vitamin_c'],
  ),
  ...defs('vitamin', 'mcg', ['vitamin_k', 'folate', 'vitamin_b12', 'biotin']),
  ...defs('mineral', 'mcg', ['iodine', 'selenium', 'chromium', 'molybdenum']),
  ...defs('vitamin', 'IU', ['vitamin_d_IU', 'vitamin_a_IU'], ['vitamin_a_IU']),
  ...defs('amino_acid', 'mg', [
    'histidine',
    'isoleucine',
    'leucine',
    'lysine',
    'methionine',
    'phenylalanine',
    'threonine',
    'tryptophan',
    'valine',
    'arginine',
    'cystine',
    'glutamine',
    'glycine',
    'proline',
    'tyrosine',
    'alanine',
    'aspartic_acid',
    'asparagine',
    'glutamic_acid',
    'serine',
  ]),
  // ReciPal's responses also carry these without units; we store them in micrograms (as USDA FDC does)
  // and accept them on writes. vitamin_a_rae is ours: docs/labeling.md#unit-conversions advises against IU for vitamin A,
  // so a known RAE value takes precedence on labels.
  ...defs('other', 'mcg', [
    'food_folate',
    'folic_acid',
    'folate_dietary_equivalents',
    'retinol',
    'alpha_carotene',
    'beta_carotene',
    'beta_cryptoxanthin',
    'lycopene',
    'lutein_zeaxanthin',
    'vitamin_a_rae',
    'vitamin_d_mcg',
  ]),
  // Ours, for the Annex XIV energy factors of Regulation (EU) 1169/2011 (docs/labeling.md, EU section): each
  // has its own factor, and two are parts of another field (erythritol of sugar_alcohol, salatrim of fat).
  ...defs('macronutrient', 'g', ['starch', 'alcohol', 'organic_acids', 'erythritol', 'salatrim']),
  // Ours, the polyols one by one (src/core/sweeteners.ts): FSANZ Schedule 11 gives each its own energy
  // factor. Parts of sugar_alcohol, as erythritol is.
  ...defs('macronutrient', 'g', ['sorbitol', 'mannitol', 'isomalt', 'maltitol', 'lactitol', 'xylitol']),
];

export const NUTRIENT_KEYS: readonly string[] = NUTRIENTS.map((n) => n.key);

export const REQUIRED_NUTRIENT_KEYS: readonly string[] = NUTRIENTS.filter((n) => n.required).map((n) => n.key);

const BY_KEY = new Map(NUTRIENTS.map((n) => [n.key, n]));

export function nutrientDef(key: string): NutrientDef | undefined {
  return BY_KEY.get(key);
}

/** Nutrients that are a part of another: the part may never exceed the whole (both per 100 g). */
export const NUTRIENT_PARTS: ReadonlyArray<{ part: string; whole: string }> = [
  { part: 'erythritol', whole: 'sugar_alcohol' },
  { part: 'sorbitol', whole: 'sugar_alcohol' },
  { part: 'mannitol', whole: 'sugar_alcohol' },
  { part: 'isomalt', whole: 'sugar_alcohol' },
  { part: 'maltitol', whole: 'sugar_alcohol' },
  { part: 'lactitol', whole: 'sugar_alcohol' },
  { part: 'xylitol', whole: 'sugar_alcohol' },
  { part: 'salatrim', whole: 'fat' },
];

/** The named polyols together may not exceed sugar_alcohol, their total (each is a part of it). */
export const POLYOL_PARTS: readonly string[] = ['erythritol', 'sorbitol', 'mannitol', 'isomalt', 'maltitol', 'lactitol', 'xylitol'];

/** Alternate spellings clients send, mapped to our key (ReciPal spells cystine as cysteine). */
export const NUTRIENT_ALIASES: Readonly<Record<string, string>> = {
  cysteine: 'cystine',
};

/** Nutrient amounts keyed by nutrient key. A missing key means "unknown", never zero. */
export type NutrientValues = Record<string, number>;
