// The kinds of rows a spreadsheet import holds (docs/api.md#spreadsheet-imports). Here rather than in the
// spreadsheets service so that the CLI can name them in its help without loading that service.
export const IMPORT_KINDS = ['ingredients', 'recipes', 'ingredient_costs'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
