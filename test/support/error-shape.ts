// The error contract (docs/api.md#errors), asserted the same way by every regression test: the status,
// the code, a message, the request id in the body and in X-Request-Id, and no framework leftovers.
import { expect } from 'vitest';

export interface ResponseLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export function expectError(response: ResponseLike, status: number, code: string): Record<string, unknown> {
  expect({ status: response.statusCode, body: response.body.slice(0, 300) }).toMatchObject({ status });
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body.error).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(typeof body.request_id).toBe('string');
  expect(body.request_id).not.toBe('');
  expect(response.headers['x-request-id']).toBe(body.request_id);
  expect(
    Object.keys(body).filter((k) => !['error', 'message', 'errors', 'errors_total', 'errors_truncated', 'request_id'].includes(k)),
  ).toEqual([]);
  return body;
}
