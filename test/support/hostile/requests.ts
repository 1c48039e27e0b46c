// Generated requests against documented operations. A plan is made of choices (which operation,
// which key, whose ids, which body damage); it becomes a concrete request against the current
// records of the world only when sent, so a shrunk plan still aims at records that exist.
import fc from 'fast-check';
import { encodeForm, encodeJson, encodeMultipart, formPairs, percentEncode, type MultipartDamage } from './encode.js';
import { generatorOf, type IdKind, type Operation } from './routes.js';
import {
  anyCodePoint,
  hostileKey,
  hostileNumber,
  hostileValue,
  NASTY_STRINGS,
  NUMERIC_STRINGS,
  Obj,
  type Key,
  type Value,
} from './values.js';
import type { World } from './world.js';

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
  /** The documented operation aimed at. */
  target: string;
}

type Owner = 'a' | 'b' | 'public';
type IdChoice = { owner: Owner } | { literal: string };
type Caller = 'A' | 'B' | 'none' | { header: string };
type Encoding = 'json' | 'form' | 'multipart' | 'raw';
type Wrap = 'envelope' | 'flat' | 'envelope-and-flat' | 'envelope-scalar' | 'array' | 'scalar';

export interface Plan {
  op: Operation;
  prefix: '/v1' | '/api/v1';
  method: string | null;
  caller: Caller;
  authScheme: 'token' | 'token-quoted' | 'bare-token' | 'bearer';
  params: Record<string, IdChoice>;
  pathSuffix: string;
  useValidQuery: boolean;
  query: Array<[Key, Value]>;
  queryTail: string;
  body: BodyPlan | null;
}

interface BodyPlan {
  base: 'valid' | 'empty';
  mutations: Array<[Key, Value]>;
  wrap: Wrap;
  scalar: Value;
  encoding: Encoding;
  raw: string;
  contentType: string | null;
  damage: MultipartDamage;
  cut: number;
}

// Path ids that are not ids: each must be a 404 (never a 400 or 500), whoever asks.
export const HOSTILE_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e20',
  '9007199254740993',
  '99999999999999999999999',
  '2147483648',
  '%ff',
  '%',
  '%00',
  '%2e%2e',
  '..%2F..',
  '1%2F2',
  'abc',
  '__proto__',
  'constructor',
  'toString',
  '%E5%90%8D',
  '%F0%9F%8D%95',
  'x'.repeat(101),
  '9'.repeat(5000),
  '%20%31',
  '+1',
  '0x1',
  '1;',
  "1'",
  '1%27%20OR%201=1',
  'NaN',
  'Infinity',
  '-0',
];

const GARBAGE_AUTHORIZATION = [
  'Token',
  'Token token=',
  'Token token=""',
  'Token token="',
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  `Token token=rcp_${'x'.repeat(40)}`,
  `Bearer ${'x'.repeat(10_000)}`,
  'Token token=%ff',
  'Token token=a,b',
  'Token token=rcp_\u00ff\u00fe',
  'token',
  '\u00ff',
  ' ',
  'Token token=null',
  'Token token=undefined',
  'Token token=__proto__',
];

export const HOSTILE_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/jsonx',
  'application/x-www-form-urlencoded; charset=shift_jis',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  `multipart/form-data; boundary=${'b'.repeat(200)}`,
  'multipart/mixed; boundary=b',
  '*/*',
  '',
  ' ',
  'application/json, text/plain',
  'text/html; charset=utf-8',
  'application/octet-stream',
  'image/png',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'x'.repeat(2000),
  'application/json; boundary=x',
  'application/x-www-form-urlencoded; boundary=b',
];

const RAW_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  '[',
  ']',
  'null',
  '"text"',
  '123',
  'true',
  '{}',
  '[]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\ufeff{}',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  "{'a':1}",
  '{a:1}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  'a=1&a[b]=2',
  'recipe[name]=x&recipe=1',
  '%ff=%ff',
  '=&=&',
  '&&&',
  'name',
  '\u0000\u0000',
];

const QUERY_TAILS = [
  '',
  '',
  '',
  '',
  '&%ff',
  '&%',
  '&&',
  '&=',
  '=x',
  '&a[__proto__][x]=1',
  '&__proto__=1',
  '&constructor[prototype]=1',
  '&page[]=1&page[]=2',
  '&per_page[x]=1',
  '&q=%00',
  '&q=%E5%90%8D',
];

const LONG_QUERIES = [2_000, 20_000, 100_000];

const _boundaries = fc.constantFrom('b', 'X-BOUNDARY', '----WebKitFormBoundary7MA4YWxkTrZu0gW', '"quoted"', ' ', 'a'.repeat(70));

function idChoice(kind: IdKind): fc.Arbitrary<IdChoice> {
  const owners: Owner[] = kind === 'ingredient' ? ['a', 'a', 'b', 'public'] : ['a', 'a', 'b'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...owners).map((owner) => ({ owner })) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS).map((literal) => ({ literal })) },
  );
}

// Built once (a string arbitrary costs about a millisecond to build) and shared by every operation.
const rawBody = fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ unit: anyCodePoint, maxLength: 40 }));

function bodyPlan(op: Operation): fc.Arbitrary<BodyPlan> {
  const fields = op.bodyFields ?? [];
  const others = fields.filter((f) => !op.numericFields.includes(f));
  // A documented field with a value of any kind; number fields mostly with hostile numbers.
  const mutation = fc.oneof(
    ...(others.length > 0 ? [{ weight: 3, arbitrary: fc.tuple(fc.constantFrom<Key>(...others), hostileValue()) }] : []),
    ...(op.numericFields.length > 0
      ? [
          { weight: 2, arbitrary: fc.tuple(fc.constantFrom<Key>(...op.numericFields), hostileNumber()) },
          { weight: 1, arbitrary: fc.tuple(fc.constantFrom<Key>(...op.numericFields), hostileValue()) },
        ]
      : []),
    { weight: 1, arbitrary: fc.tuple(hostileKey(), hostileValue()) },
  );
  return fc.record({
    base: fc.constantFrom<BodyPlan['base']>('valid', 'valid', 'valid', 'empty'),
    mutations: fc.array(mutation, { maxLength: 3 }),
    wrap: fc.constantFrom<Wrap>('envelope', 'envelope', 'flat', 'flat', 'envelope-and-flat', 'envelope-scalar', 'array', 'scalar'),
    scalar: hostileValue(),
    encoding: fc.constantFrom<Encoding>('json', 'json', 'json', 'form', 'form', 'multipart', 'raw'),
    raw: rawBody,
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_CONTENT_TYPES, 'none') },
    ),
    // Over the body limit is a megabyte a request: rarer than the other damages (the socket part sends more).
    damage: fc.oneof(
      {
        weight: 30,
        arbitrary: fc.constantFrom<MultipartDamage>(
          'none',
          'none',
          'none',
          'truncated',
          'file-part',
          'file-part-truncated',
          'no-final-boundary',
          'header-garbage',
        ),
      },
      { weight: 1, arbitrary: fc.constant<MultipartDamage>('oversized-field') },
    ),
    cut: fc.double({ min: 0, max: 1, noNaN: true }),
  });
}

function queryValue(): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<Value>(...NUMERIC_STRINGS) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Value>(
        '1',
        '2',
        '20',
        'true',
        'false',
        'all',
        'asc',
        'desc',
        'name',
        'created_at',
        'fr-CA',
        'en-CA',
        'en-US',
        'png',
        'pdf',
        'svg',
        'letter',
        'a4',
        'auto',
        '2026-11-01',
        'flour',
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom<Value>(...NASTY_STRINGS) },
    { weight: 1, arbitrary: hostileValue() },
  );
}

export function planArbitrary(operations: Operation[]): fc.Arbitrary<Plan> {
  // One arbitrary per operation, built once (fc.chain would build them again for every request).
  return fc.oneof(
    ...operations.map((op) => {
      const generator = generatorOf(op.key);
      const params: Record<string, fc.Arbitrary<IdChoice>> = {};
      for (const name of op.pathParams) params[name] = idChoice(generator.params[name]!);
      const queryName: fc.Arbitrary<Key> =
        op.queryParams.length > 0
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom<Key>(...op.queryParams) }, { weight: 1, arbitrary: hostileKey() })
          : hostileKey();
      const hasBody = op.bodyFields !== null;
      return fc.record({
        op: fc.constant(op),
        prefix: fc.constantFrom<Plan['prefix']>('/v1', '/v1', '/v1', '/api/v1'),
        method: fc.oneof(
          { weight: 12, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
        ),
        caller: fc.oneof(
          { weight: 6, arbitrary: fc.constant<Caller>('A') },
          { weight: 2, arbitrary: fc.constant<Caller>('B') },
          { weight: 1, arbitrary: fc.constant<Caller>('none') },
          { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_AUTHORIZATION).map((header): Caller => ({ header })) },
        ),
        authScheme: fc.constantFrom<Plan['authScheme']>('token', 'token', 'token-quoted', 'bare-token', 'bearer'),
        params: fc.record(params),
        pathSuffix: fc.oneof(
          { weight: 12, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: fc.constantFrom('/', '//', '/..', '/%2e%2e', '.json', '/x', `/${'a'.repeat(10_000)}`, '%00', ';a=1') },
        ),
        useValidQuery: fc.boolean(),
        query: fc.array(fc.tuple(queryName, queryValue()), { maxLength: 4 }),
        queryTail: fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...QUERY_TAILS) },
          { weight: 1, arbitrary: fc.constantFrom(...LONG_QUERIES).map((n) => `&q=${'a'.repeat(n)}`) },
        ),
        body: hasBody
          ? fc.oneof({ weight: 9, arbitrary: bodyPlan(op) }, { weight: 1, arbitrary: fc.constant(null) })
          : fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: bodyPlan(op) }),
      });
    }),
  );
}

function pathOf(plan: Plan, world: World): string {
  const generator = generatorOf(plan.op.key);
  const path = plan.op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const choice = plan.params[name]!;
    if ('literal' in choice) return choice.literal;
    const kind = generator.params[name]!;
    if (choice.owner === 'public') return String(world.publicIngredient);
    return String(world[choice.owner][kind]);
  });
  return plan.prefix + path.slice('/v1'.length) + plan.pathSuffix;
}

function queryOf(plan: Plan, world: World): string {
  const generator = generatorOf(plan.op.key);
  const pairs: string[] = [];
  if (plan.useValidQuery && generator.validQuery)
    for (const [k, v] of Object.entries(generator.validQuery(world))) pairs.push(`${k}=${encodeURIComponent(v)}`);
  for (const [name, value] of formPairs(new Obj(plan.query))) pairs.push(`${percentEncode(name, true)}=${percentEncode(value)}`);
  const text = pairs.join('&') + plan.queryTail;
  return text === '' ? '' : `?${text.replace(/^&/, '')}`;
}

function authorization(plan: Plan, world: World): string | undefined {
  const caller = plan.caller;
  if (caller === 'none') return undefined;
  if (typeof caller === 'object') return caller.header;
  const key = caller === 'A' ? world.a.key : world.b.key;
  return { token: `Token token=${key}`, 'token-quoted': `Token token="${key}"`, 'bare-token': `Token ${key}`, bearer: `Bearer ${key}` }[
    plan.authScheme
  ];
}

function bodyValue(plan: Plan, body: BodyPlan, world: World): Value {
  const generator = generatorOf(plan.op.key);
  const base = body.base === 'valid' && generator.valid ? Obj.of(generator.valid(world)) : new Obj([]);
  // A mutation replaces a documented field of the base, or adds a field beside it.
  const entries = base.entries.filter(([k]) => !body.mutations.some(([m]) => m === k));
  const fields = new Obj([...entries, ...body.mutations]);
  const envelope = generator.envelope ?? 'body';
  switch (body.wrap) {
    case 'envelope':
      return new Obj([[envelope, fields]]);
    case 'flat':
      return fields;
    case 'envelope-and-flat':
      return new Obj([[envelope, fields], ...body.mutations]);
    case 'envelope-scalar':
      return new Obj([[envelope, body.scalar]]);
    case 'array':
      return [fields];
    case 'scalar':
      return body.scalar;
  }
}

const MATCHING_TYPES: Record<Encoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=fuzzboundary',
  raw: 'application/json',
};

export function buildRequest(plan: Plan, world: World, bodyLimit: number): HostileRequest {
  const headers: Record<string, string> = {};
  const auth = authorization(plan, world);
  if (auth !== undefined) headers.authorization = auth;
  let payload: Buffer | undefined;
  const body = plan.body;
  if (body) {
    const value = bodyValue(plan, body, world);
    const envelope = generatorOf(plan.op.key).envelope ?? null;
    const formValue = body.wrap === 'envelope' ? (value as Obj).entries[0]![1] : value;
    const formPrefix = body.wrap === 'envelope' ? envelope : null;
    switch (body.encoding) {
      case 'json':
        payload = encodeJson(value);
        break;
      case 'form':
        payload = encodeForm(formValue, formPrefix);
        break;
      case 'multipart':
        payload = encodeMultipart(formValue, formPrefix, 'fuzzboundary', body.damage, { cut: body.cut, bodyLimit });
        break;
      case 'raw':
        payload = Buffer.from(body.raw, 'utf8');
        break;
    }
    if (body.contentType === null) headers['content-type'] = MATCHING_TYPES[body.encoding];
    else if (body.contentType !== 'none') headers['content-type'] = body.contentType;
  }
  return { method: plan.method ?? plan.op.method, url: pathOf(plan, world) + queryOf(plan, world), headers, payload, target: plan.op.key };
}

/** A request as a line of text for reports: method, URL, headers and the body's first bytes. */
export function describeRequest(request: HostileRequest): string {
  const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}... (${text.length} chars)` : text);
  const body = request.payload
    ? ` body(${request.payload.length} bytes)=${clip(JSON.stringify(request.payload.toString('latin1')), 400)}`
    : '';
  return `${request.method} ${clip(request.url, 300)} headers=${clip(JSON.stringify(request.headers), 300)}${body} [${request.target}]`;
}
