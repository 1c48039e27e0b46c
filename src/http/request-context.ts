// What every route reads from a request beyond its typed schema parts: who calls (the account and
// key the auth plugin found) and the cost date of the query.
import type { FastifyRequest } from 'fastify';
import { DATE_MESSAGE, parseCostDate } from '../core/costing/dates.js';
import { badRequest } from '../errors.js';
import type { Caller } from '../services/context.js';

export const callerOf = (request: FastifyRequest): Caller => ({
  accountId: request.account.id,
  keyId: request.apiKeyId,
  keyPrefix: request.apiKeyPrefix,
  requestId: request.id,
});

/** ?cost_date=YYYY-MM-DD, or undefined when absent; a bad date is a 400 (query errors are). */
export function costDateOf(query: { cost_date?: string }): string | undefined {
  if (query.cost_date === undefined || query.cost_date === '') return undefined;
  const date = parseCostDate(query.cost_date);
  if (date === undefined) throw badRequest(`Invalid query parameters: cost_date ${DATE_MESSAGE}.`, { cost_date: [DATE_MESSAGE] });
  return date;
}
