// What every answer to a hostile request must be (docs/api.md#responses, docs/api.md#errors): below 500, with an
// X-Request-Id, and when it is an error, a JSON body in the error shape carrying the same request
// id, without stack traces or SQL.

export interface Answer {
  /** The request's path, when known: the account pages answer in HTML (below). */
  path?: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  method: string;
}

export type ViolationKind = '5xx' | 'crash' | 'shape' | 'database' | 'unhealthy';

export interface Violation {
  kind: ViolationKind;
  /** What went wrong, without the particulars of this request: violations are grouped by it. */
  summary: string;
  detail: string;
}

function codeOf(body: string): string {
  try {
    const parsed = JSON.parse(body);
    return String(parsed?.code ?? parsed?.error ?? '');
  } catch {
    return body === '' ? 'empty body' : 'not JSON';
  }
}

const ERROR_KEYS = new Set(['error', 'message', 'errors', 'request_id']);
// Text that only an internal error would carry.
const LEAKS =
  /\n\s+at \S|node_modules|SQLITE_|sqlite3?|syntax error at or near|relation "|duplicate key value|violates (foreign key|not-null|unique)|TypeError|RangeError|ReferenceError|Cannot read properties/i;

/** At most one violation of each kind, the shape's problems joined into one. */
export function checkAnswer(answer: Answer): Violation[] {
  const found = shapeProblems(answer);
  const violations: Violation[] = [];
  if (answer.status >= 500)
    violations.push({
      kind: '5xx',
      summary: `${answer.status} ${codeOf(answer.body)}`,
      detail: `status ${answer.status}: ${answer.body.slice(0, 300)}`,
    });
  if (found.length > 0)
    violations.push({
      kind: 'shape',
      summary: `${answer.status} ${codeOf(answer.body)}: ${found.join('; ')}`,
      detail: `${answer.status}: ${found.join('; ')}: ${answer.body.slice(0, 200)}`,
    });
  return violations;
}

function shapeProblems(answer: Answer): string[] {
  const violations: string[] = [];
  const requestId = answer.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') violations.push('no X-Request-Id header');
  if (answer.status < 400 || answer.method === 'HEAD') return violations;
  // The account page is a browser page outside the API: it shows its errors as HTML pages.
  if (answer.path?.startsWith('/account') && String(answer.headers['content-type'] ?? '').startsWith('text/html')) return violations;
  const shape = (detail: string) => violations.push(detail);
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) shape(`content type "${type}", not JSON`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    shape('body is not JSON');
    return violations;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    shape('body is not an object');
    return violations;
  }
  const error = body as Record<string, unknown>;
  if (typeof error.error !== 'string' || !/^[A-Z][A-Za-z]+$/.test(error.error)) shape('"error" is not a code');
  if (typeof error.message !== 'string' || error.message === '') shape('"message" is missing');
  if (error.request_id !== requestId)
    shape(`"request_id" ${JSON.stringify(error.request_id)} is not the X-Request-Id ${JSON.stringify(requestId)}`);
  if (error.errors !== undefined) {
    const fields = error.errors;
    const valid =
      fields !== null &&
      typeof fields === 'object' &&
      !Array.isArray(fields) &&
      Object.values(fields).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
    if (!valid) shape('"errors" is not an object of message lists');
  }
  const extra = Object.keys(error).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length > 0) shape(`unexpected members ${extra.join(', ')}`);
  if (LEAKS.test(answer.body)) shape('the body reveals internals');
  return violations;
}
