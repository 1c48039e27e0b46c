// Examples for the OpenAPI document: what the API answered in a bakery's session (docs/api.md), trimmed to one of each.

/** Two revisions of the cookie recipe, newest first (GET /v1/recipes/{id}/revisions). */
export const REVISIONS = [
  {
    revision: {
      number: 7,
      created_at: '2026-11-18T12:00:00Z',
      changed_by: 'rcp_vqJJbs3R',
      request_id: '5816228c-4ca8-45e4-911e-bba81965d085',
      changes: [
        { field: 'sku', old: null, new: 'CCC-24' },
        { field: 'packaging_cost', old: null, new: 0.35 },
      ],
    },
  },
  {
    revision: {
      number: 6,
      created_at: '2026-11-18T12:00:00Z',
      changed_by: 'rcp_vqJJbs3R',
      request_id: 'e94cfb7c-071b-40d3-a43b-144c7a3f2694',
      changes: [{ field: 'price', old: 18.75, new: 19.5, ingredient_id: 1, ingredient_name: 'All-purpose flour', cost_id: 1 }],
    },
  },
];

/** The swap of the approval diff example (label-approvals/examples.ts), as a revision diff (GET /v1/recipes/{id}/revisions/diff?from=7&to=8). */
export const SWAP_DIFF = {
  revision_diff: {
    recipe_id: 1,
    from: { number: 7, created_at: '2026-11-18T12:00:00Z', changed_by: 'rcp_vqJJbs3R', request_id: '16b01bc4-ed1c-4fc9-8190-26e9139692b5' },
    to: { number: 8, created_at: '2026-11-18T12:00:00Z', changed_by: 'rcp_vqJJbs3R', request_id: '751747d3-a9e9-43d3-8c3b-a58d1bb4027c' },
    changes: [
      { field: 'ingredient_id', old: 2, new: 4, recipe_id: 1, line_id: 2, ingredient_id: 4 },
      { field: 'unit', old: '1 tablespoon', new: '1 cup', recipe_id: 1, line_id: 2, ingredient_id: 4 },
      { field: 'quantity', old: 16, new: 1, recipe_id: 1, line_id: 2, ingredient_id: 4 },
      { field: 'total_grams', old: 227.2, new: 220, recipe_id: 1, line_id: 2, ingredient_id: 4 },
    ],
    label: {
      language: 'en-US',
      format: 'fda_vertical',
      changed: true,
      rows: [
        { key: 'fat', from: { display: '8g', percent_dv_display: '10%' }, to: { display: '7g', percent_dv_display: '9%' } },
        { key: 'fat_saturated', from: { display: '5g', percent_dv_display: '25%' }, to: { display: '1.5g', percent_dv_display: '8%' } },
        { key: 'cholesterol', from: { display: '20mg', percent_dv_display: '7%' }, to: { display: '0mg', percent_dv_display: '0%' } },
        { key: 'sodium', from: { display: '0mg', percent_dv_display: '0%' }, to: { display: '65mg', percent_dv_display: '3%' } },
      ],
      statements: {
        ingredient_statement: {
          from: 'Ingredients: All-purpose flour, Butter, unsalted, Granulated sugar',
          to: 'Ingredients: All-purpose flour, Margarine, Granulated sugar',
        },
        allergen_statement: { from: 'Contains: Milk, Wheat', to: 'Contains: Wheat' },
        claims: {
          from: ['Chocolate chip cookies, a sodium-free food'],
          to: ['Chocolate chip cookies, a cholesterol-free food', 'Chocolate chip cookies, a low sodium food'],
        },
      },
    },
  },
};
