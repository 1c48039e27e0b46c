// What the "own list" queries of ingredients and recipes share (docs/api.md#lists): the options, the column
// each sort field orders by, and a LIKE pattern that matches user text literally.
import { sql, type RawBuilder } from 'kysely';
import { searchText } from '../../lib/text.js';

export interface OwnListOptions {
  accountId: number;
  archived: 'active' | 'archived' | 'all';
  sortField: 'updated_at' | 'created_at' | 'name';
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Case- and accent-insensitive name filter. */
  q?: string;
}

/** Names sort case- and accent-insensitively, through the stored search_name. */
export const SORT_COLUMN = { updated_at: 'updated_at', created_at: 'created_at', name: 'search_name' } as const;

/** Escapes LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name filter of an own list, on the table's search_name column. */
export function nameFilter(q: string): RawBuilder<boolean> {
  return sql<boolean>`search_name like ${likePattern(searchText(q))} escape '\\'`;
}
