// Testland's label in the five steps every market takes (src/core/label/shared/label-steps.ts): energy,
// fat, sugars and salt per serving, amounts to one decimal, energy whole. A made-up market: its rules are
// the simplest that still use what real markets share (the serving's amounts, the gaps of unknown values,
// the statement and its warnings), so that the folder shows what a market is made of.
import { ServingAmounts } from '../../../src/core/label/shared/amounts.js';
import { Decimal, dec } from '../../../src/core/label/shared/decimal-round.js';
import { labelBuilder } from '../../../src/core/label/shared/label-steps.js';
import type { LabelNutrientRow, LabelWarning } from '../../../src/core/label/shared/model.js';
import { statementWarnings } from '../../../src/core/label/shared/warnings.js';

/** The rows, in printed order: key, name, unit, and the input nutrients each rests on. */
const ROWS = [
  { key: 'calories', name: 'Energy', unit: 'kcal', sources: ['calories'] },
  { key: 'fat', name: 'Fat', unit: 'g', sources: ['fat'] },
  { key: 'sugar', name: 'Sugars', unit: 'g', sources: ['sugar'] },
  { key: 'salt', name: 'Salt', unit: 'g', sources: ['sodium'] },
] as const;

/** Salt from sodium: mg x 2.5 / 1000 g, as the EU reckons it. */
const amountOf = (amounts: ServingAmounts, key: string): Decimal =>
  key === 'salt' ? amounts.get('sodium').mul('2.5').div(1000) : amounts.get(key);

interface Serving {
  grams: Decimal;
  amounts: ServingAmounts;
}

interface Rows {
  rows: LabelNutrientRow[];
  sources: string[];
}

interface Statements {
  ingredient_statement: string | null;
  warnings: LabelWarning[];
}

export const buildTestlandLabel = labelBuilder<Serving, Rows, undefined, Statements>({
  // 1. The recipe's own serving, declared as it is.
  serving: ({ input }) => ({ grams: dec(Math.max(input.serving_grams, 0)), amounts: new ServingAmounts(input.nutrition, dec(1)) }),
  // 2. One row per nutrient: energy whole, the rest to one decimal, half up.
  rows: (_label, { amounts }) => ({
    rows: ROWS.map(({ key, name, unit }) => {
      const amount = amountOf(amounts, key).toDecimalPlaces(key === 'calories' ? 0 : 1, Decimal.ROUND_HALF_UP);
      const display = `${amount.toFixed(key === 'calories' ? 0 : 1)} ${unit}`;
      return { key, name, amount: amount.toNumber(), unit, display, percent_dv: null, percent_dv_display: null, indent: 0, bold: false };
    }),
    sources: ROWS.flatMap((r) => [...r.sources]),
  }),
  // 3. No claims, no front-of-pack scheme.
  front: () => undefined,
  // 4. The statement as the recipe gives it, under Testland's heading; the shared statement warnings.
  statements: ({ input, request }) => ({
    ingredient_statement: input.ingredient_statement[request.language] ?? null,
    warnings: statementWarnings(input, false),
  }),
  // 5. The label's parts; a row resting on an unknown value keeps it from print (docs/api.md#completeness).
  finish: ({ input, gaps }, serving, rows, _front, statements) => ({
    title: 'FOOD FACTS',
    serving_size: {
      household: input.household_serving ?? null,
      grams: serving.grams.toNumber(),
      display: `Per serving (${serving.grams.toFixed(0)} g)`,
    },
    servings_per_container: { value: input.servings_per_container, display: `${input.servings_per_container} servings` },
    nutrients: rows.rows,
    footnote: '',
    claims: [],
    allergen_statement: null,
    ingredient_statement: statements.ingredient_statement,
    warnings: [...gaps.rowWarnings(rows.sources), ...statements.warnings],
  }),
});
