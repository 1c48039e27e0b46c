// Rows of the tables of reference amounts (docs/api.md#reference-amounts).
import { Type } from '@sinclair/typebox';

const EXAMPLE = {
  key: 'cookies',
  group: 'Bakery products',
  product_category: 'Cookies',
  amount: 30,
  unit: 'g',
  household: null,
  label_statement: '__ piece(s) (__ g)',
  source: '21 CFR 101.12(b) Table 2',
};

/** The A.10 row as GET /v1/reference_amounts?country=CA lists it (test/unit/label/ca-reference-amounts-2024.test.ts compares). */
export const CA_EXAMPLE = {
  key: 'A.10',
  group: 'Bakery products and substitutes',
  product_category: 'Cookies, with or without coating or filling; graham wafers, macarons, coconut macaroons',
  amount: 30,
  unit: 'g',
  household: null,
  label_statement: 'fraction cup (30 g); # tbsp (30 g); # cookie(s) (# g); 1 unit (# g); # x # cm piece (30 g)',
  source: 'Health Canada, Table of Reference Amounts for Food (October 18, 2024), item A.10',
  item: 'A.10',
  entry: 1,
  reference_amount_text: '30 g',
  amount_to_make: null,
  serving_size: [
    {
      criteria: 'Bite-sized cookies, measureable with cup (where 15 or more pieces make up the RA), or cookie dough',
      household: 'fraction of a cup or number of tablespoons that is closest in weight in grams to the RA',
      metric: 'RA',
      units: ['fraction cup (30 g)', '# tbsp (30 g)'],
    },
    {
      criteria: 'Package of multiple units (where 14 or less pieces make up the RA)',
      household: 'number of whole pieces or units closest in weight in grams to the RA',
      metric: 'the weight of the HM in grams',
      units: ['# cookie(s) (# g)'],
    },
    {
      criteria:
        'Package of multiple, individually prepackaged units, where one unit weighs either 50% to 200% of the RA, or more than 200% of the RA but can reasonably be consumed by one person at a single eating occasion',
      household: 'one prepackaged unit',
      metric: 'the weight of the HM in grams',
      units: ['1 unit (# g)'],
    },
    {
      criteria: 'Gingerbread kits, including icing and candy decorations',
      household: 'dimensions of the piece closest in weight in grams to the RA',
      metric: 'RA',
      units: ['# x # cm piece (30 g)'],
    },
  ],
};

const Unit = Type.Union([Type.Literal('g'), Type.Literal('mL')]);

const ServingSizeCaseJson = Type.Object(
  {
    criteria: Type.Union([Type.String(), Type.Null()], {
      description: 'when the case applies ("Sliced bread"); null where the item has one case',
    }),
    household: Type.Union([Type.String(), Type.Null()], { description: "Column 3A's household measure (HM)" }),
    metric: Type.Union([Type.String(), Type.Null()], { description: "Column 3A's metric measure (MM)" }),
    units: Type.Array(Type.String(), { description: 'Column 3B: how the serving is written ("2 slices (# g)")' }),
  },
  { additionalProperties: false },
);

export const ReferenceAmountJson = Type.Object(
  {
    key: Type.String({ description: 'what label_settings.racc_category (US) or reference_amount_category (CA) names' }),
    group: Type.String({ description: "the table's group heading" }),
    product_category: Type.String({ description: 'the product category as the table words it' }),
    amount: Type.Union([Type.Number(), Type.Null()], { description: 'the reference amount; null where the table gives no fixed amount' }),
    unit: Type.Union([Unit, Type.Null()], { description: "g or mL; null only where the table states no unit (Canada's X.1)" }),
    household: Type.Union([Type.String(), Type.Null()], {
      description: 'the household measure the table states ("1 tbsp"); amount is then its labeling volume (21 CFR 101.9(b)(5)(viii))',
    }),
    label_statement: Type.String({ description: "the table's label statement: how the serving is declared" }),
    note: Type.Optional(Type.String({ description: 'conditions the table attaches to the row' })),
    source: Type.String({
      description:
        "where the row was taken from: the regulation's text, or the secondary copy of it that was reachable (docs/labeling.md#reference-amounts)",
    }),
    item: Type.Optional(Type.String({ description: 'Canada: the item number of the table ("A.10")' })),
    entry: Type.Optional(
      Type.Integer({ description: 'Canada: 1 for the item\'s first Column 2 entry, 2 for its second (whose key is "A.10.2"), ...' }),
    ),
    reference_amount_text: Type.Optional(
      Type.String({ description: 'Canada: Column 2 as the table words it ("75 g", "Amount to make 75 g final product")' }),
    ),
    amount_to_make: Type.Optional(
      Type.Union([Type.Object({ amount: Type.Number(), unit: Unit }, { additionalProperties: false }), Type.Null()], {
        description:
          'Canada: for a row of the unprepared food ("Amount to make 75 g final product"), the prepared amount it makes; null otherwise',
      }),
    ),
    serving_size: Type.Optional(
      Type.Array(ServingSizeCaseJson, {
        description: 'Canada: Columns 3A/3B, how the serving of stated size is chosen (criteria, HM, MM) and written (units), case by case',
      }),
    ),
  },
  { additionalProperties: false, examples: [EXAMPLE, CA_EXAMPLE] },
);

export const ReferenceAmountList = Type.Array(Type.Object({ reference_amount: ReferenceAmountJson }, { additionalProperties: false }), {
  description: "The rows of the country's table, in its order, one page of them",
  examples: [[{ reference_amount: EXAMPLE }]],
});
