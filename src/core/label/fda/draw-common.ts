// Pieces every FDA layout shares: which rows sit above the vitamin/mineral bar, which %DVs are
// bold, how a row's name is set (italic "Trans", "Includes Xg Added Sugars").

import { nutrientDef } from '../../nutrients.js';
import type { Run } from '../shared/drawing/canvas.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';

// 21 CFR 101.9(d) (docs/labeling.md#us-label-content): "Calories" >= 16 pt, numeral >= 22 pt, servings lines
// >= 10 pt, nutrient rows >= 8 pt, footnote >= 6 pt; 7 pt section bars, 3 pt bar under Calories,
// 1/4 pt hairlines, 1/2 pt box.
export const FDA = {
  titleMax: 30,
  servings: 10,
  calories: 16,
  caloriesNumeral: 22,
  row: 8,
  footnote: 7,
  thickBar: 7,
  mediumBar: 3,
  hairline: 0.25,
  box: 0.5,
  /** Indent per level (101.9(d)(7) sub-components are indented under their parent). */
  indent: 9,
  rowHeight: 11,
} as const;

// 21 CFR 101.9(c)(1)-(7): energy and the macronutrient block come before the bar that opens the
// vitamins and minerals ((c)(8)). Cholesterol and sodium are "minerals" in our catalogue but are
// declared in the upper block.
const UPPER_BLOCK = new Set([
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
  'soluble_fiber',
  'insoluble_fiber',
  'sugar',
  'added_sugar',
  'sugar_alcohol',
  'protein',
]);

export function isUpperBlock(key: string): boolean {
  return UPPER_BLOCK.has(key) || nutrientDef(key)?.group === 'macronutrient';
}

// 21 CFR 101.9(d)(1)(iv): the %DV of nutrients with a Daily Reference Value (101.9(c)(9): fat,
// saturated fat, cholesterol, sodium, carbohydrate, fiber, added sugars, protein) is bold; the
// vitamin and mineral %DVs are not.
const DRV_KEYS = new Set(['fat', 'fat_saturated', 'cholesterol', 'sodium', 'carbohydrate', 'fiber', 'added_sugar', 'protein']);

export function isDrvPercentBold(key: string): boolean {
  return DRV_KEYS.has(key);
}

export function caloriesRow(model: LabelModel): LabelNutrientRow | undefined {
  return model.nutrients.find((r) => r.key === 'calories');
}

export function bodyRows(model: LabelModel): LabelNutrientRow[] {
  return model.nutrients.filter((r) => r.key !== 'calories');
}

/** Whether the row prints its own amount after the name (the added-sugars line carries it inside). */
export function isAddedSugarsLine(row: LabelNutrientRow): boolean {
  return row.key === 'added_sugar';
}

/** 101.9(c)(6)(iii): "Includes 'X' g Added Sugars"; linear/tabular small formats say "Incl.". */
export function addedSugarsText(row: LabelNutrientRow, abbreviated = false): string {
  if (/^incl(udes|\.)/i.test(row.name.trim())) return row.name;
  if (row.line && /^incl(udes|\.)/i.test(row.line) && abbreviated === row.line.startsWith('Incl.')) return row.line;
  return `${abbreviated ? 'Incl.' : 'Includes'} ${row.display} ${row.name}`;
}

/** The name as runs: bold for non-indented rows; "Trans" in italic (101.9(c)(2)(ii) sample label). */
export function nameRuns(row: LabelNutrientRow, name: string = row.name): Run[] {
  const face = row.bold ? 'bold' : 'regular';
  if (row.key === 'fat_trans') {
    const m = /^(.*?)(\bTrans\b)(.*)$/.exec(name);
    if (m) {
      const [, before = '', trans = '', after = ''] = m;
      return [
        { text: before, face },
        { text: trans, face: row.bold ? 'bold' : 'italic' },
        { text: after, face },
      ].filter((r) => r.text !== '') as Run[];
    }
  }
  return [{ text: name, face }];
}

export function servingsLine(model: LabelModel): string {
  return model.servings_per_container.display;
}

export function servingSizeText(model: LabelModel): string {
  return model.serving_size.display;
}
