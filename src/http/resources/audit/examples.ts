// Examples for the OpenAPI document: what the API answered in a bakery's session (docs/api.md), trimmed to one of each.

/** Two audit events (GET /v1/audit_events). */
export const AUDIT_EVENTS = [
  {
    audit_event: {
      id: 12,
      created_at: '2026-11-18T12:00:00Z',
      key_prefix: 'rcp_vqJJbs3R',
      request_id: '67c1b226-3935-4d7a-95bc-cd65c4ee9485',
      action: 'approve',
      resource: 'label_approval',
      resource_id: 1,
      fields: ['language', 'format', 'note', 'accept_incomplete'],
    },
  },
  {
    audit_event: {
      id: 11,
      created_at: '2026-11-18T12:00:00Z',
      key_prefix: 'rcp_vqJJbs3R',
      request_id: '5816228c-4ca8-45e4-911e-bba81965d085',
      action: 'update',
      resource: 'recipe',
      resource_id: 1,
      fields: ['sku', 'packaging_cost'],
    },
  },
];
