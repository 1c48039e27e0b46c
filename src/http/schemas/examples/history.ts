// Examples for the OpenAPI document: what the API answered in a bakery's session (docs/api.md), trimmed to one of each.
import { COOKIE_LABEL } from './label.js';

/** Two revisions of the cookie recipe, newest first (GET /v1/recipes/{id}/revisions). */
export const REVISIONS = [
  {
    revision: {
      number: 8,
      created_at: '2026-11-18T12:00:00Z',
      changed_by: 'rcp_vqJJbs3R',
      request_id: '7e0293e2-13c7-4fe7-8670-9d69ee1ca019',
      changes: [
        { field: 'sku', old: null, new: 'CCC-24' },
        { field: 'packaging_cost', old: null, new: 0.35 },
      ],
    },
  },
  {
    revision: {
      number: 7,
      created_at: '2026-11-18T12:00:00Z',
      changed_by: 'rcp_vqJJbs3R',
      request_id: 'af50c8e4-9d43-4129-aeac-ddbff1457f30',
      changes: [{ field: 'price', old: 18.75, new: 19.5, ingredient_id: 1, cost_id: 1 }],
    },
  },
];

/** Two audit events (GET /v1/audit_events). */
export const AUDIT_EVENTS = [
  {
    audit_event: {
      id: 16,
      created_at: '2026-11-18T12:00:00Z',
      key_prefix: 'rcp_vqJJbs3R',
      request_id: '8f63f629-b3e6-4914-8443-d9530b91a5a7',
      action: 'approve',
      resource: 'label_approval',
      resource_id: 1,
      fields: ['format', 'note', 'accept_incomplete'],
    },
  },
  {
    audit_event: {
      id: 15,
      created_at: '2026-11-18T12:00:00Z',
      key_prefix: 'rcp_vqJJbs3R',
      request_id: '501e84a9-bc9d-4e99-8d9c-66e21a6c136f',
      action: 'create',
      resource: 'ingredient',
      resource_id: 5,
      fields: ['name'],
    },
  },
];

/** The cookie label, approved (POST /v1/recipes/{id}/label_approvals). */
export const APPROVAL = {
  ...{
    id: 1,
    recipe_id: 1,
    revision: 8,
    language: 'en-US',
    format: 'fda_vertical',
    approved_at: '2026-11-18T12:00:00Z',
    approved_by: 'rcp_vqJJbs3R',
    note: 'Checked against the printed proof',
    sha256: 'db01306c6b658b11bafaea9efff71b300d7fdc79efa80fffd6730ed5bbe9b711',
    rules_version: 'recipal-api@0.1.0',
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
      number: 9,
      created_at: '2026-11-18T12:00:00Z',
      changed_by: 'rcp_vqJJbs3R',
      request_id: 'af14937d-d433-4adc-9811-cacb18121e5e',
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
