// Health Canada, Nutrition Labelling - Table of Reference Amounts for Food (version of October 18, 2024),
// incorporated by reference in the FDR (B.01.001 "reference amount"): every row of the table
// (ca-table-2024.ts), keyed by its item number ("A.10"; an item's further Column 2 entries "A.10.2", ...),
// with Columns 3A/3B read into the cases that choose and word the serving of stated size.
// docs/labeling.md#canada-free-of.
import { CA_TABLE_2024 } from './ca-table-2024.js';
import type { CaTableRow } from './ca-table-row.js';
import type { ReferenceAmount, ServingSizeCase } from './types.js';

export const CA_TABLE_SOURCE = 'Health Canada, Table of Reference Amounts for Food (October 18, 2024)';

/** Keys a recipe saved before the whole table was here; each still names its row. */
export const CA_LEGACY_KEYS: Readonly<Record<string, string>> = { syrups_used_as_ingredients: 'U.15' };

/** "A.10" for an item's first Column 2 entry, "A.10.2" for its second. */
export const caKey = (row: Pick<CaTableRow, 'item' | 'entry'>): string => (row.entry === 1 ? row.item : `${row.item}.${row.entry}`);

// "Amount to make 75 g final product", "Amount to make 250 mL coffee or 30 mL espresso": the amount of the
// unprepared food that makes one reference amount of the prepared one (the table's footnote 1).
const AMOUNT_TO_MAKE = /^Amount to make (\d+(?:\.\d+)?) (g|mL)\b/;

const parts = (text: string): string[] =>
  text
    .split(' / ')
    .map((part) => part.trim().replace(/^- /, ''))
    .filter((part) => part !== '');

/** Columns 3A/3B of a row as its cases: "3A: Sliced bread: / - HM: 2 slices / - MM: ... | 3B: 2 slices (# g)". */
export function servingSizeCases(text: string): ServingSizeCase[] {
  return text.split(' || ').map((block) => {
    const [criteriaText = '', unitsText = ''] = block.split(' | 3B: ');
    const household: string[] = [];
    const metric: string[] = [];
    const criteria: string[] = [];
    for (const part of parts(criteriaText.replace(/^3A: ?/, ''))) {
      if (part.startsWith('HM: ')) household.push(part.slice(4));
      else if (part.startsWith('MM: ')) metric.push(part.slice(4));
      else criteria.push(part.replace(/:$/, ''));
    }
    return {
      criteria: criteria.length > 0 ? criteria.join('; ') : null,
      household: household.length > 0 ? household.join('; ') : null,
      metric: metric.length > 0 ? metric.join('; ') : null,
      units: parts(unitsText).filter((unit) => !unit.endsWith(':')),
    };
  });
}

function referenceAmountOf(row: CaTableRow): ReferenceAmount {
  const cases = servingSizeCases(row.serving_size_text);
  const makes = AMOUNT_TO_MAKE.exec(row.column_2);
  return {
    key: caKey(row),
    group: row.category.replace(/^[A-Z]\. /, ''),
    product_category: row.product_category,
    amount: row.amount,
    unit: row.unit,
    household: null,
    label_statement: [...new Set(cases.flatMap((c) => c.units))].join('; '),
    ...(row.amount === null ? { note: `Column 2 reads "${row.column_2}": set reference_amount_grams` } : {}),
    source: `${CA_TABLE_SOURCE}, item ${row.item}`,
    item: row.item,
    entry: row.entry,
    reference_amount_text: row.column_2,
    amount_to_make: makes ? { amount: Number(makes[1]), unit: makes[2] as 'g' | 'mL' } : null,
    serving_size: cases,
  };
}

export const CA_REFERENCE_AMOUNTS: readonly ReferenceAmount[] = CA_TABLE_2024.map(referenceAmountOf);
