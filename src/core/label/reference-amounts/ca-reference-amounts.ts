// Health Canada, Nutrition Labelling – Table of Reference Amounts for Food (version of 2022-11-24),
// incorporated by reference in the FDR (B.01.001 "reference amount", "Table of Reference Amounts").
// Keys are ours; the item number of the table is in the key's comment.
//
// Only the rows checked against the table's own text are here so far; a recipe in another category
// sets label_settings.reference_amount_grams (docs/labeling.md#canada-free-of). Rows are never guessed.
import type { ReferenceAmount } from './types.js';

export const CA_REFERENCE_AMOUNTS: readonly ReferenceAmount[] = [
  // Item U.15.
  {
    key: 'syrups_used_as_ingredients',
    group: 'Sugars and sweeteners',
    product_category: 'Syrups used as ingredients, such as corn syrup, agave syrup and flavoured syrups for milk',
    amount: 30,
    unit: 'mL',
    household: '2 tbsp',
    label_statement: '2 tbsp (30 mL)',
    source: 'Health Canada, Table of Reference Amounts for Food (2022-11-24), item U.15',
  },
];
