// A recipe's lines (recipe ingredients) as requests send them and responses return them (docs/api.md#recipe-lines
// "Recipe ingredients"). Rules beyond types live in src/core/recipe/.
import { Type, type TProperties } from '@sinclair/typebox';
import { GRAMS, QUANTITY, type Range } from '../../../core/bounds.js';
import { objectSchemaOf } from '../shared/field-table.js';
import { BodyId, Nullable, Text, withExample } from '../shared/common.js';
import { RECIPE_INGREDIENT_FIELDS } from './fields.js';
import { COOKIE_LINES, FLOUR_LINE, MARGARINE_LINE } from './examples.js';

const Amount = (range: Range, description?: string) => Nullable(Type.Number({ minimum: range.min, maximum: range.max, description }));

const lineAmount = (): TProperties => ({
  unit: Text(255, 'a key of units_and_grams ("1 cup") or a bare unit name ("cup"); default description1'),
  quantity: Amount(QUANTITY, 'number of the unit, default 1'),
  waste: Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'percent, default 0' })),
  total_grams: Amount(GRAMS, 'gross grams; overrides unit and quantity (unit becomes "1 gram")'),
});

export const RecipeIngredientCreateBody = Type.Partial(
  Type.Object({ ingredient_id: BodyId(), ...lineAmount() }, { examples: [{ ingredient_id: 1, unit: '1 cup', quantity: 2.25 }] }),
);

export const RecipeIngredientUpdateBody = Type.Partial(
  Type.Object(
    {
      ingredient_id: BodyId({
        description:
          "another ingredient for this line (yours or the public library): same line id; the line's unit and quantity are kept when the new ingredient has the unit (its grams are the new ingredient's), else 422 naming the units it has, unless unit or total_grams is sent too",
      }),
      ...lineAmount(),
    },
    {
      description: 'The amount, and the ingredient (docs/api.md#swapping-a-line); members not sent are unchanged.',
      examples: [
        { quantity: 2.5, waste: 2 },
        { ingredient_id: 4, unit: '1 cup', quantity: 1 },
      ],
    },
  ),
);

/** The line as responses return it: made from its field table (fields.ts). */
export const RecipeIngredientJson = objectSchemaOf(RECIPE_INGREDIENT_FIELDS);

export const RecipeIngredientEnvelope = Type.Object(
  { recipe_ingredient: RecipeIngredientJson },
  { description: 'The recipe ingredient (line)', examples: [{ recipe_ingredient: FLOUR_LINE }] },
);
export const RecipeIngredientList = Type.Object(
  {
    recipe: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      recipe_ingredients: Type.Array(RecipeIngredientEnvelope),
    }),
  },
  { description: "The recipe's lines, in order", examples: [COOKIE_LINES] },
);

/** PUT .../recipe_ingredients/{line_id}: the swap of docs/api.md#recipe-lines, as the OpenAPI document shows it. */
export const RecipeIngredientUpdateExample = withExample(RecipeIngredientUpdateBody, {
  recipe_ingredient: { ingredient_id: 4, unit: '1 cup', quantity: 1 },
});

export const RecipeIngredientEnvelopeExample = withExample(RecipeIngredientEnvelope, MARGARINE_LINE);
