// Examples for the OpenAPI document: what the API answered in a bakery's session (docs/api.md), trimmed to one of each.
import { COOKIE_LABEL } from '../labels/examples.js';

/** The cookie label, approved (POST /v1/recipes/{id}/label_approvals). */
export const APPROVAL = {
  ...{
    id: 1,
    recipe_id: 1,
    revision: 7,
    language: 'en-US',
    format: 'fda_vertical',
    approved_at: '2026-11-18T12:00:00Z',
    approved_by: 'rcp_vqJJbs3R',
    note: 'Checked against the printed proof',
    sha256: '94324662e8a1165da50451f2fa7a5841635864e900a3d09d8919ae295c55ec62',
    rules_version: 'recipal-api@0.2.0',
  },
  label: COOKIE_LABEL,
};

/** What changed since that approval (GET /v1/label_approvals/{id}/diff). */
export const APPROVAL_DIFF = {
  changed: true,
  rows: [
    {
      key: 'serving_size',
      approved: { display: '1 cookie (28g)', percent_dv_display: null },
      current: { display: '1 cookie (16g)', percent_dv_display: null },
    },
    { key: 'calories', approved: { display: '140', percent_dv_display: null }, current: { display: '90', percent_dv_display: null } },
    { key: 'carbohydrate', approved: { display: '16g', percent_dv_display: '6%' }, current: { display: '6g', percent_dv_display: '2%' } },
    { key: 'protein', approved: { display: '1g', percent_dv_display: null }, current: { display: '0g', percent_dv_display: null } },
    { key: 'iron', approved: { display: '0.6mg', percent_dv_display: '4%' }, current: { display: '0mg', percent_dv_display: '0%' } },
  ],
  statements: {
    ingredient_statement: {
      approved: 'Ingredients: All-purpose flour, Butter, unsalted, Granulated sugar',
      current: 'Ingredients: Butter, unsalted, Granulated sugar',
    },
    allergen_statement: { approved: 'Contains: Milk, Wheat', current: 'Contains: Milk' },
  },
  causes: [
    {
      number: 8,
      created_at: '2026-11-18T12:00:00Z',
      changed_by: 'rcp_vqJJbs3R',
      request_id: '83378d73-38ea-4a1f-aeb3-fe4ce5ee3f60',
      changes: [
        {
          field: 'line',
          old: { ingredient_id: 1, unit: '1 cup', quantity: 2.5, waste: 2 },
          new: null,
          recipe_id: 1,
          line_id: 1,
          ingredient_id: 1,
        },
        {
          field: 'cost',
          old: { effective_at: '2026-11-01', quantity: 25, unit: '1 lb', price: 19.5, shipping: 2.5 },
          new: null,
          ingredient_id: 1,
          cost_id: 1,
        },
      ],
    },
  ],
};
