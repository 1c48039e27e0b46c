// What every route reads from a request beyond its typed schema parts: who calls (the account and
// key the auth plugin found), the recipe named in the path, and the cost date of the query.
import type { FastifyRequest } from 'fastify';
import { DATE_MESSAGE, parseCostDate } from '../core/costing/dates.js';
import { badRequest, notFound } from '../errors.js';
import type { Caller } from '../services/context.js';
import { pathId } from './pagination.js';

export const callerOf = (request: FastifyRequest): Caller => ({
  accountId: request.account.id,
  keyId: request.apiKeyId,
  keyPrefix: request.apiKeyPrefix,
  requestId: request.id,
});

/** The path's :id as a record id, or null when it names none (for routes whose params are not typed). */
export function pathIdOf(request: FastifyRequest): number | null {
  const params = request.params;
  return params !== null && typeof params === 'object' && 'id' in params ? pathId(params.id) : null;
}

/** The recipe id of the path; anything that is not a positive integer is simply not found (docs/api.md §1.5: never a 400). */
export function recipeIdOf(request: FastifyRequest): number {
  const id = pathIdOf(request);
  if (id === null) throw notFound('recipe');
  return id;
}

/** ?cost_date=YYYY-MM-DD, or undefined when absent; a bad date is a 400 (query errors are). */
export function costDateOf(query: { cost_date?: string }): string | undefined {
  if (query.cost_date === undefined || query.cost_date === '') return undefined;
  const date = parseCostDate(query.cost_date);
  if (date === undefined) throw badRequest(`Invalid query parameters: cost_date ${DATE_MESSAGE}.`, { cost_date: [DATE_MESSAGE] });
  return date;
}
