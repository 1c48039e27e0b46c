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

export const ReferenceAmountJson = Type.Object(
  {
    key: Type.String({ description: 'what label_settings.racc_category (US) or reference_amount_category (CA) names' }),
    group: Type.String({ description: "the table's group heading" }),
    product_category: Type.String({ description: 'the product category as the table words it' }),
    amount: Type.Union([Type.Number(), Type.Null()], { description: 'the reference amount; null where the table gives no fixed amount' }),
    unit: Type.Union([Type.Literal('g'), Type.Literal('mL')]),
    household: Type.Union([Type.String(), Type.Null()], {
      description: 'the household measure the table states ("1 tbsp"); amount is then its labeling volume (21 CFR 101.9(b)(5)(viii))',
    }),
    label_statement: Type.String({ description: "the table's label statement: how the serving is declared" }),
    note: Type.Optional(Type.String({ description: 'conditions the table attaches to the row' })),
    source: Type.String({
      description:
        "where the row was taken from: the regulation's text, or the secondary copy of it that was reachable (docs/labeling.md#reference-amounts)",
    }),
  },
  { additionalProperties: false, examples: [EXAMPLE] },
);

export const ReferenceAmountList = Type.Array(Type.Object({ reference_amount: ReferenceAmountJson }, { additionalProperties: false }), {
  description: "The rows of the country's table, in its order, one page of them",
  examples: [[{ reference_amount: EXAMPLE }]],
});
