// The recipe as requests send it and responses return it (docs/api.md#recipes, docs/api.md#label-settings); its lines
// are ../recipe-ingredients/. Rules beyond types live in src/core/recipe/.
import { Type, type TProperties } from '@sinclair/typebox';
import { LanguageTextsBody } from '../shared/language-texts.js';
import { GRAMS, MONEY, QUANTITY, SCALE, type Range } from '../../../core/bounds.js';
import { YIELD_UNIT_LIST } from '../../../core/recipe/yield.js';
import { RECIPE_FIELDS } from './fields.js';
import { objectSchemaOf } from '../shared/field-table.js';
import { Nullable, Text } from '../shared/common.js';
import { COOKIES } from './examples.js';
import { ALLERGEN_MEMBERS_MAX } from '../../../core/allergens/normalize.js';

const Amount = (range: Range, description?: string) => Nullable(Type.Number({ minimum: range.min, maximum: range.max, description }));

const Tags = Nullable(
  Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }), Type.String({ maxLength: 2000 })], {
    description: 'a list of strings, or one comma-separated string',
  }),
);

const LabelSettingsBody = Nullable(
  Type.Partial(
    Type.Object(
      {
        language: Nullable(Type.String({ description: 'a label language (the `language` of GET /v1/recipes/{id}/label)' })),
        format: Nullable(Type.String({ description: 'a label format of that language (the `format` of GET /v1/recipes/{id}/label)' })),
        dv_population: Nullable(Type.String({ description: 'adult or children_1_3' })),
        percent_dv_basis: Nullable(Type.String({ description: 'declared or unrounded' })),
        optional_nutrients: Nullable(Type.Array(Type.String(), { maxItems: 100, description: 'nutrient keys' })),
        racc_grams: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: GRAMS.max })),
        reference_amount_grams: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: GRAMS.max })),
        racc_category: Nullable(
          Type.String({
            maxLength: 100,
            description: 'US: a key of GET /v1/reference_amounts?country=US (21 CFR 101.12(b); 9 CFR 317.312(b), 381.412(b))',
          }),
        ),
        reference_amount_category: Nullable(
          Type.String({
            maxLength: 100,
            description: "Canada: a key of GET /v1/reference_amounts?country=CA (Health Canada's Table of Reference Amounts)",
          }),
        ),
        specially_processed: Nullable(
          Type.Array(Type.String(), {
            maxItems: 10,
            description:
              'nutrients the food was processed to lower (21 CFR 101.13(e)(2)): calories, fat, fat_saturated, cholesterol, sodium, sugar',
          }),
        ),
        dual_column_titles: Nullable(Type.Array(Type.String({ maxLength: 100 }), { description: 'two titles' })),
        main_dish: Nullable(Type.Boolean()),
        front_of_pack_exemption: Nullable(Type.String({ maxLength: 200 })),
        accept_missing: Nullable(
          Type.Array(Type.String(), {
            maxItems: 100,
            description: 'label nutrient keys whose unknown contributions are taken as zero (docs/api.md#accepting-a-gap)',
          }),
        ),
        serving_unit: Nullable(Type.String({ description: 'g (default for solids) or mL (liquids); docs/api.md#trust-and-completeness' })),
        household_serving_fr: Nullable(
          Type.String({
            maxLength: 255,
            description:
              'Canada: the household serving in French ("1 carré", "2 tranches", "1/24 gâteau") for French and bilingual serving statements (FDR B.01.012); docs/api.md#market-canada',
          }),
        ),
        food_kind: Nullable(
          Type.String({
            description:
              'EU/UK, Australian/New Zealand and Mexican labels: solid (default, per 100 g), beverage or liquid (per 100 mL through the density); docs/api.md#markets',
          }),
        ),
        show_calories: Nullable(Type.Boolean({ description: 'en-AU/en-NZ: energy also in Calories, in brackets' })),
        percent_daily_intake: Nullable(Type.Boolean({ description: 'en-AU/en-NZ: the optional %DI column and its footnote' })),
        anz_significant_figures: Nullable(
          Type.Integer({ description: 'en-AU/en-NZ: significant figures of every figure, 1 to 3 (default 3)' }),
        ),
        anz_percent_di_basis: Nullable(
          Type.String({ description: 'en-AU/en-NZ: %DI from the declared figure (declared, default) or unrounded' }),
        ),
        peal_summary_cereal_names: Nullable(
          Type.Boolean({ description: 'en-AU/en-NZ: barley, oats, rye named beside "gluten" in the Contains summary (default false)' }),
        ),
        uk_large_portion_rule: Nullable(
          Type.Boolean({
            description:
              'en-GB front-of-pack panel: red also for a portion above 100 g holding more than 30 % of the reference intake (default false; not confirmed from the 2016 guide, docs/labeling.md#eu-uk)',
          }),
        ),
        mx_polyol_factor_kcal: Nullable(
          Type.Number({
            description:
              "es-MX: kcal per gram of polyols (0 to 4; default 2.4, the Codex/EU value: NOM-051's own factor could not be confirmed, and the label warns polyol_factor_unconfirmed); docs/labeling.md#polyol-energy",
            examples: [2.4],
          }),
        ),
        accept_serving_size: Nullable(
          Type.Boolean({
            description:
              "true accepts a declared serving the reference amount's rules do not give (warning serving_size_not_permitted, 21 CFR 101.9(b)(2); Canada Column 3A): still said, no longer keeping the label from print; docs/labeling.md#serving-size-rules",
          }),
        ),
        mx_phase: Nullable(
          Type.Integer({
            description: 'es-MX: phase of the NOM-051 warning system, 1, 2 or 3 (default: the one in force on the label date)',
          }),
        ),
      },
      {
        description:
          'docs/api.md#labels; members sent are merged into the saved settings (null removes one; null or "" for the whole object clears it)',
      },
    ),
  ),
);

const recipeWritable = (): TProperties => ({
  name: Text(255, 'required on create'),
  name_fr: Text(255, 'French name (fr-CA statements of recipes using this one as a subrecipe)'),
  sku: Text(255),
  preparation: Text(20000),
  subrecipe_name: Text(255, 'name of the ingredient create_subrecipe makes'),
  package_yield_quantity: Type.Unknown({
    description: `finished weight (or volume) of one package, 0 to ${GRAMS.max}, or "default" (net ingredient weight / packages)`,
  }),
  package_yield_unit: Text(50, YIELD_UNIT_LIST),
  servings: Type.Number({ minimum: 1, maximum: QUANTITY.max, description: 'servings per package, >= 1' }),
  packages: Type.Number({ minimum: 0, maximum: QUANTITY.max, description: 'packages per batch, >= 0 (0 counts as 1)' }),
  suggested_serving: Text(255, 'household serving shown on the label, e.g. "2/3 cup"'),
  visual_unit_of_measure: Text(255),
  prepared_serving_note: Text(255),
  ingredient_list: Text(10000, 'custom ingredient statement; "default" regenerates it from the lines'),
  ingredient_list_fr: Text(10000, 'custom French statement; "default" regenerates it'),
  names: LanguageTextsBody(255, 'the name in label languages other than English (names.fr is name_fr), docs/api.md#label-languages'),
  ingredient_lists: LanguageTextsBody(
    10000,
    'custom statements in label languages other than English (ingredient_lists.fr is ingredient_list_fr); "default" or null regenerates one',
  ),
  labor_cost: Amount(MONEY, 'per batch'),
  overhead_cost: Amount(MONEY, 'per batch'),
  packaging_cost: Amount(MONEY, 'per package'),
  tags: Tags,
  tag_list: Nullable(Type.String({ maxLength: 2000, description: 'comma-separated tags' })),
  allergens: Nullable(
    Type.Object(
      {},
      {
        additionalProperties: true,
        maxProperties: ALLERGEN_MEMBERS_MAX,
        description: "the recipe's own allergens; the ingredients' are added on read",
      },
    ),
  ),
  label_settings: LabelSettingsBody,
});

export const RecipeCreateBody = Type.Partial(
  Type.Object(recipeWritable(), {
    description: 'Fields of the recipe; may be wrapped as {"recipe": {...}} or sent as recipe[field] form fields.',
    examples: [
      {
        name: 'Chocolate chip cookies',
        servings: 24,
        packages: 1,
        suggested_serving: '1 cookie',
        label_settings: { format: 'fda_vertical' },
      },
    ],
  }),
);

export const RecipeUpdateBody = Type.Partial(
  Type.Object(
    {
      ...recipeWritable(),
      archived: Nullable(Type.Boolean()),
      embed_token: Nullable(Type.String({ description: '"rotate" makes a new token (old embeds stop working)' })),
    },
    { description: 'Any subset of the create fields, plus archived and embed_token.', examples: [{ sku: 'CCC-24', packaging_cost: 0.35 }] },
  ),
);

export const ShortcutBody = Type.Partial(
  Type.Object(
    {
      ...recipeWritable(),
      ingredient_ids: Type.Unknown({ description: 'comma string "11,12,13" or a list' }),
      ingredient_weights: Type.Unknown({ description: 'grams, parallel to ingredient_ids: comma string "100,50.5,20" or a list' }),
      recipe_ingredients: Type.Unknown({ description: 'list of {ingredient_id, unit, quantity, waste, total_grams}' }),
    },
    {
      description: 'A recipe and its 1 to 100 lines in one atomic call.',
      examples: [
        {
          name: 'Chocolate chip cookies',
          servings: 24,
          suggested_serving: '1 cookie',
          recipe_ingredients: [
            { ingredient_id: 1, unit: '1 cup', quantity: 2.25 },
            { ingredient_id: 2, unit: '1 tablespoon', quantity: 16 },
            { ingredient_id: 3, unit: '1 cup', quantity: 0.75 },
          ],
        },
      ],
    },
  ),
);

export const ScaleBody = Type.Partial(
  Type.Object(
    {
      scale_amount: Type.Unknown({ description: `number from ${SCALE.min} to ${SCALE.max}, default 1` }),
      scale_factor: Type.Unknown({ description: 'alias of scale_amount' }),
      target_servings: Type.Unknown({
        description: 'instead of an amount: servings in the new batch (packages x servings), from 1 (docs/api.md#recipes)',
      }),
      target_packages: Type.Unknown({ description: 'instead of an amount: packages in the new batch, from 1' }),
      target_grams: Type.Unknown({
        description: 'instead of an amount: finished weight of the new batch in grams (package yield, else net weight)',
      }),
      name: Text(
        255,
        'default "<name> (copy)" for 1, "<name> x<amount>" otherwise; for a target "<name> (24 servings)", "(3 packages)", "(500 g)"',
      ),
      sku: Text(255, "the copy's own SKU (default none: a scaled copy is another product size, docs/api.md#recipes)"),
    },
    {
      description: 'Send one of scale_amount (or scale_factor), target_servings, target_packages or target_grams.',
      examples: [{ scale_amount: 2 }, { target_servings: 48 }],
    },
  ),
);

export const SubrecipeBody = Type.Partial(
  Type.Object(
    {
      name: Text(255, 'default: subrecipe_name, else the recipe name'),
    },
    { examples: [{ name: 'Cookie dough' }] },
  ),
);

/** The recipe as responses return it: made from its field table (fields.ts). */
export const RecipeJson = objectSchemaOf(RECIPE_FIELDS);

export const RecipeEnvelope = Type.Object(
  { recipe: RecipeJson },
  { description: 'The recipe, with its computed nutrition and costs', examples: [{ recipe: COOKIES }] },
);
/** A page of recipes (docs/api.md#lists: the Link and X-Total-Count headers carry the paging). */
export const RecipeList = Type.Array(RecipeEnvelope, { description: 'A page of recipes', examples: [[{ recipe: COOKIES }]] });
