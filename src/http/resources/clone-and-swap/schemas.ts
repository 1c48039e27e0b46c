// POST /v1/recipes/{id}/clone_and_swap (docs/api.md#clone-and-swap): request and response.
import { Type, type Static } from '@sinclair/typebox';
import { MAX_CLONE_ENTRIES } from '../../../services/clone-and-swap/index.js';
import { collectErrors } from '../../plugins/schema-validation.js';
import { BodyId, Nullable, Text } from '../shared/common.js';
import { Warning } from '../labels/schemas.js';
import { RecipeJson } from '../recipes/schemas.js';

import { CLONE_AND_SWAP } from './examples.js';

/** One new recipe. Checked member by member by the route (the body check sees only that it is an object). */
export const SwapEntry = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255, description: "the new recipe's name" }),
  ingredient_id: BodyId({ description: 'the ingredient that replaces the swapped line (yours or the public library)' }),
  quantity: Type.Optional(
    Nullable(Type.Number({ minimum: 0, maximum: 1_000_000, description: "default: the swapped line's quantity when unit is sent" })),
  ),
  unit: Type.Optional(
    Text(
      255,
      "a key of the new ingredient's units_and_grams or a bare unit name; default: the swapped line's unit when quantity is sent; with neither, the swapped line's weight in grams",
    ),
  ),
});
export type SwapEntryBody = Static<typeof SwapEntry>;

export const CloneAndSwapBody = collectErrors(
  Type.Object(
    {
      swap_recipe_ingredient_id: BodyId({ description: "the template's line (recipe ingredient id) whose ingredient each entry replaces" }),
      entries: Type.Array(SwapEntry, { minItems: 1, maxItems: MAX_CLONE_ENTRIES, description: `1 to ${MAX_CLONE_ENTRIES} new recipes` }),
      dry_run: Type.Optional(Type.Boolean({ default: true, description: 'default true: answer what would be made and write nothing' })),
    },
    {
      examples: [{ swap_recipe_ingredient_id: 1, entries: [{ name: 'Cane sugar cookies', ingredient_id: 3 }], dry_run: true }],
    },
  ),
);

const LabelSummary = Type.Object({
  language: Type.String(),
  format: Type.String({ description: "the recipe's saved label format, else its language's default" }),
  claims: Type.Array(Type.String(), { description: 'nutrient content claims the label may carry (docs/labeling.md#us-claims)' }),
  disclosures: Type.Array(Type.String()),
  complete: Type.Boolean({ description: 'false while a nutrient is unknown (docs/api.md#trust-and-completeness)' }),
  warnings: Type.Array(Warning),
});

/** A would-be recipe of a dry run has no id, embed token or label link yet. */
const ClonedRecipe = Type.Composite(
  [
    Type.Omit(RecipeJson, ['id', 'embed_token', 'primary_label']),
    Type.Object({ id: Nullable(Type.Integer()), embed_token: Nullable(Type.String()), primary_label: Nullable(Type.String()) }),
  ],
  { additionalProperties: true },
);

export const CloneAndSwapEnvelope = Type.Object(
  {
    clone_and_swap: Type.Object({
      dry_run: Type.Boolean(),
      template_id: Type.Integer(),
      swap_recipe_ingredient_id: Type.Integer(),
      recipes: Type.Array(Type.Object({ recipe: ClonedRecipe, label: LabelSummary })),
    }),
  },
  { description: 'The recipes made (or, on a dry run, that would be made), each with its label summary', examples: [CLONE_AND_SWAP] },
);
