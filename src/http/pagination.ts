// Lists (docs/api.md#lists): page/per_page with clamping, sorting with id as the tie-breaker, and the
// Link / X-Total-Count headers (no page metadata in the body: clients expect a bare array).
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const MAX_PER_PAGE = 20;
/** Pages beyond this are clamped to it (docs/api.md#lists): 20 million records deep, and an offset every database takes. */
export const MAX_PAGE = 1_000_000;

export const ListQuery = {
  page: Type.Optional(Type.Integer({ description: `1-based page number; clamped to 1..${MAX_PAGE}`, default: 1, examples: [1] })),
  per_page: Type.Optional(Type.Integer({ description: 'items per page; clamped to 1..20', default: 20, examples: [20] })),
};

export const SortQuery = {
  sort_field: Type.Optional(
    Type.Union([Type.Literal('updated_at'), Type.Literal('created_at'), Type.Literal('name')], {
      default: 'updated_at',
      examples: ['name'],
    }),
  ),
  sort_direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc', examples: ['asc'] })),
  sort_order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'alias of sort_direction', examples: ['asc'] }),
  ),
  archived: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('all')], {
      description: 'omitted: active only; true: archived only; all: both',
      examples: ['all'],
    }),
  ),
};

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

export function pageOf(query: { page?: number; per_page?: number }): Page {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.per_page ?? MAX_PER_PAGE));
  const page = Math.min(MAX_PAGE, Math.max(1, query.page ?? 1));
  return { page, perPage, offset: (page - 1) * perPage };
}

export type SortField = 'updated_at' | 'created_at' | 'name';

export interface Sort {
  field: SortField;
  direction: 'asc' | 'desc';
}

export function sortOf(query: { sort_field?: SortField; sort_direction?: 'asc' | 'desc'; sort_order?: 'asc' | 'desc' }): Sort {
  return { field: query.sort_field ?? 'updated_at', direction: query.sort_direction ?? query.sort_order ?? 'desc' };
}

export type ArchivedFilter = 'active' | 'archived' | 'all';

export function archivedOf(query: { archived?: 'true' | 'false' | 'all' }): ArchivedFilter {
  return query.archived === 'true' ? 'archived' : query.archived === 'all' ? 'all' : 'active';
}

/** A page's items, with its headers set (X-Total-Count, Link). */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page, total: number, items: T[]): T[] {
  setPageHeaders(request, reply, page, total);
  return items;
}

/** A page's headers: X-Total-Count, and Link to the next, previous, first and last pages. */
export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, page: Page, total: number): void {
  reply.header('X-Total-Count', String(total));
  const links: string[] = [];
  const url = new URL(request.url, 'http://local');
  const link = (n: number, rel: string) => {
    url.searchParams.set('page', String(n));
    url.searchParams.set('per_page', String(page.perPage));
    links.push(`<${url.pathname}${url.search}>; rel="${rel}"`);
  };
  const last = Math.max(1, Math.ceil(total / page.perPage));
  if (page.page < last) link(page.page + 1, 'next');
  if (page.page > 1) link(Math.min(page.page - 1, last), 'prev');
  link(1, 'first');
  link(last, 'last');
  reply.header('Link', links.join(', '));
}
