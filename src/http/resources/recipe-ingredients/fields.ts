// A recipe ingredient's response members (docs/api.md#recipe-lines), once: the amount, the ingredient's label
// text per language, gross and net grams, and (single object only) the ingredient's units_and_grams.
// RecipeIngredientJson (schemas.ts) and the serializer (recipeIngredientJson, below) are both made from
// this table.
import { Type } from '@sinclair/typebox';
import { labelLanguages } from '../../../core/label/markets.js';
import type { LineResult } from '../../../core/recipe/engine.js';
import { Nullable } from '../shared/common.js';
import { fieldsOf, serializerOf } from '../shared/field-table.js';

export interface RecipeIngredientSource {
  result: LineResult;
  /** Lists leave the unit table out (docs/api.md#recipe-lines): it is the ingredient's, the same on every line. */
  withUnits: boolean;
}

const field = fieldsOf<RecipeIngredientSource>();
const round = (n: number, places = 6) => Number(n.toFixed(places));

/**
 * One text per label language (docs/api.md#label-languages: each language's statement from its own names): the
 * built-in markets' languages by name, and those of a market registered while the process runs.
 */
export const Statements = Type.Object(Object.fromEntries(labelLanguages().map((language) => [language, Nullable(Type.String())])), {
  additionalProperties: Nullable(Type.String()),
});

export const RECIPE_INGREDIENT_FIELDS = {
  id: field(Type.Integer(), (s) => s.result.line.id),
  recipe_id: field(Type.Integer(), (s) => s.result.line.recipe_id),
  ingredient_id: field(Type.Integer(), (s) => s.result.line.ingredient_id),
  name: field(Type.String(), (s) => s.result.effective.ingredient.name),
  quantity: field(Type.Number(), (s) => s.result.line.quantity),
  unit: field(Type.String(), (s) => s.result.line.unit),
  waste: field(Type.Number({ description: 'percent' }), (s) => s.result.line.waste),
  food: field(Type.Boolean(), (s) => s.result.effective.ingredient.food),
  non_food: field(Nullable(Type.String()), (s) => s.result.effective.ingredient.non_food),
  subrecipe: field(Type.Boolean(), (s) => s.result.effective.ingredient.subrecipe),
  display_text: field(Statements, (s) => s.result.display_text),
  // ReciPal: obsolete, equals display_text['en-US'].
  display_as: field(
    Type.String({ description: "obsolete: display_text['en-US']" }),
    (s) => s.result.display_text['en-US'] ?? s.result.effective.ingredient.name,
  ),
  total_grams: field(Type.Number({ description: 'gross grams, waste included' }), (s) => s.result.gross_grams),
  net_grams: field(Type.Number({ description: 'total_grams less waste' }), (s) => s.result.net_grams),
  units_and_grams: field(Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'single recipe ingredient only' })), (s) =>
    s.withUnits ? Object.fromEntries(Object.entries(s.result.effective.unitsAndGrams).map(([k, v]) => [k, round(v)])) : undefined,
  ),
  created_at: field(Type.String(), (s) => s.result.line.created_at),
  updated_at: field(Type.String(), (s) => s.result.line.updated_at),
};

const toJson = serializerOf(RECIPE_INGREDIENT_FIELDS);

/** A recipe ingredient's JSON (docs/api.md#recipe-lines). */
export function recipeIngredientJson(result: LineResult, options: { withUnits: boolean }): ReturnType<typeof toJson> {
  return toJson({ result, withUnits: options.withUnits });
}
