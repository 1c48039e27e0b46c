// Form-aware coercion and validation driven by the route's TypeBox (JSON Schema) definitions, so one
// schema gives validation, types and OpenAPI. Form values arrive as strings (docs/api.md#request-bodies): they are
// coerced by schema; unknown members are dropped and reported; every failed rule is listed by field.
import type { FieldErrors } from '../errors.js';
import { workStep } from '../lib/work-steps.js';
import { pushAll } from '../lib/push-all.js';

/** The JSON Schema keywords this validator reads, as TypeBox writes them. */
export interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Our own keyword: the message for a value that does not match `pattern`. */
  patternMessage?: string;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
}

export interface CheckResult {
  /** The coerced object: its known members only (an object even when the input was not one). */
  value: object;
  errors: FieldErrors;
  ignored: string[];
}

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

function types(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap((s: Schema) => types(s));
  if (schema.const !== undefined) return [typeof schema.const === 'string' ? 'string' : typeof schema.const];
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function allows(schema: Schema, type: string): boolean {
  return types(schema).includes(type);
}

/** The non-null branch of a nullable union (Type.Union([X, Type.Null()])). */
function primary(schema: Schema): Schema {
  if (!schema.anyOf) return schema;
  const branches = schema.anyOf.filter((s: Schema) => s.type !== 'null');
  if (branches.length === 1) return { ...branches[0], description: schema.description };
  // A union of literals (Type.Union([Type.Literal('a'), ...])) acts as an enum of strings.
  if (branches.every((s: Schema) => s.const !== undefined)) return { type: 'string', enum: branches.map((s: Schema) => s.const) };
  return schema;
}

/** Whether a value is of a branch's JSON type (before any coercion). */
function fits(branch: Schema, value: unknown): boolean {
  switch (types(branch)[0]) {
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
    case 'integer':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return false;
  }
}

/**
 * The schema a value is held to: for a union of types (tags: a list of at most 100, or one string
 * of at most 2,000 characters), the branch of the value's own type, so that branch's limits apply.
 * Checking against the union itself applied none of them (20,000 tags reached the database).
 */
function targetFor(schema: Schema, value: unknown): Schema {
  const target = primary(schema);
  if (!target.anyOf) return target;
  const branch = target.anyOf.find((s: Schema) => s.type !== 'null' && fits(primary(s), value));
  return branch ? primary(branch) : target;
}

function coerce(schema: Schema, value: unknown): unknown {
  const nullable = allows(schema, 'null');
  const target = targetFor(schema, value);
  const type = types(target)[0];
  if (value === '' && nullable) return null;
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'number':
    case 'integer':
      if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
      return value;
    case 'boolean':
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (['true', '1', 'on', 'yes', 't'].includes(v)) return true;
        if (['false', '0', 'off', 'no', 'f', ''].includes(v)) return false;
      }
      if (value === 1) return true;
      if (value === 0) return false;
      return value;
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return value;
    case 'array': {
      let items: unknown[];
      if (Array.isArray(value)) items = value;
      // qs turns sparse or large indexes (a[5]=x) into an object keyed by index.
      else if (typeof value === 'object' && Object.keys(value as object).every((k) => /^\d+$/.test(k)))
        items = Object.values(value as object);
      else items = [value];
      const itemSchema = target.items;
      return itemSchema ? items.map((item) => coerce(itemSchema, item)) : items;
    }
    default:
      return value;
  }
}

const describe = (type: string) => (type === 'integer' ? 'a whole number' : type === 'boolean' ? 'true or false' : `a ${type}`);

function checkValue(schema: Schema, value: unknown, path: string, errors: FieldErrors): void {
  const add = (message: string): void => {
    (errors[path] ??= []).push(message);
  };
  if (value === null) {
    if (!allows(schema, 'null')) add('must not be blank');
    return;
  }
  const target = targetFor(schema, value);
  const type = types(target)[0];
  if (type === 'number' || type === 'integer') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return add(`must be ${describe(type)}`);
    if (type === 'integer' && !Number.isInteger(value)) return add('must be a whole number');
    if (target.minimum !== undefined && value < target.minimum) add(`must be greater than or equal to ${target.minimum}`);
    if (target.exclusiveMinimum !== undefined && value <= target.exclusiveMinimum) add(`must be greater than ${target.exclusiveMinimum}`);
    if (target.maximum !== undefined && value > target.maximum) add(`must be less than or equal to ${target.maximum}`);
    return;
  }
  if (type === 'boolean') {
    if (typeof value !== 'boolean') add('must be true or false');
    return;
  }
  if (type === 'string') {
    if (typeof value !== 'string') return add('must be a string');
    if (target.enum && !target.enum.includes(value)) return add(`must be one of: ${target.enum.join(', ')}`);
    if (target.minLength !== undefined && value.trim().length < target.minLength)
      add(target.minLength === 1 ? "can't be blank" : `must be at least ${target.minLength} characters`);
    if (target.maxLength !== undefined && value.length > target.maxLength) add(`must be at most ${target.maxLength} characters`);
    if (target.pattern !== undefined && !new RegExp(target.pattern).test(value))
      add(target.patternMessage ?? `must match ${target.pattern}`);
    return;
  }
  if (type === 'array') {
    if (!Array.isArray(value)) return add('must be a list');
    const maxItems = target.maxItems ?? ARRAY_ITEMS_MAX;
    // A list over its budget is one failure: its items are not checked one by one (docs/api.md#input-budgets).
    if (value.length > maxItems) return add(`must have at most ${maxItems} items`);
    if (target.minItems !== undefined && value.length < target.minItems) add(`must have at least ${target.minItems} items`);
    const itemSchema = target.items;
    if (itemSchema)
      value.forEach((item, i) => {
        workStep();
        checkValue(itemSchema, item, `${path}[${i}]`, errors);
      });
    return;
  }
  if (type === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return add('must be an object');
    const maxMembers = target.maxProperties ?? OBJECT_MEMBERS_MAX;
    if (membersOver(value as object, maxMembers)) add(`must have at most ${maxMembers} members`);
  }
}

/**
 * Budgets of what one request body may hold (docs/api.md#input-budgets), so every check is linear and
 * short: a list longer than its schema's maxItems (else ARRAY_ITEMS_MAX) or an object with more
 * members than its maxProperties (else OBJECT_MEMBERS_MAX) is refused whole, before its items are read.
 */
export const ARRAY_ITEMS_MAX = 10_000;
export const OBJECT_MEMBERS_MAX = 1_000;

/** Whether `value` has more than `max` own members (counting stops at max + 1). */
function membersOver(value: object, max: number): boolean {
  let members = 0;
  for (const key in value) if (Object.hasOwn(value, key) && ++members > max) return true;
  return false;
}

/**
 * Coerces and checks an object against an object schema. Unknown members are removed and named in
 * `ignored` (docs/api.md#request-bodies: the commercial service drops them silently).
 */
export function checkObject(schema: Schema, input: unknown, prefix = ''): CheckResult {
  const errors: FieldErrors = {};
  const ignored: string[] = [];
  if (input === null || input === undefined) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { value: {}, errors: { [prefix || 'body']: ['must be an object'] }, ignored };
  }
  const properties: Record<string, Schema> = schema.properties ?? {};
  const maxMembers = schema.maxProperties ?? Math.max(OBJECT_MEMBERS_MAX, 2 * Object.keys(properties).length);
  if (membersOver(input as object, maxMembers)) {
    return { value: {}, errors: { [prefix || 'body']: [`must have at most ${maxMembers} members`] }, ignored };
  }
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    workStep();
    // Own members only: a client key such as "toString" or "constructor" must not find Object's.
    const propertySchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!propertySchema || key === '__proto__') {
      if (
        key !== '__proto__' &&
        (schema.additionalProperties === true || (schema.additionalProperties && typeof schema.additionalProperties === 'object'))
      ) {
        out[key] = raw;
        continue;
      }
      ignored.push(prefix + key);
      continue;
    }
    const path = prefix + key;
    const value = coerce(propertySchema, raw);
    const target = primary(propertySchema);
    if (
      types(target)[0] === 'object' &&
      target.properties &&
      target.additionalProperties !== true &&
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      const nested = checkObject(target, value, `${path}.`);
      Object.assign(errors, nested.errors);
      pushAll(ignored, nested.ignored);
      out[key] = nested.value;
      continue;
    }
    checkValue(propertySchema, value, path, errors);
    out[key] = value;
  }
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(out, key) || out[key] === undefined) (errors[prefix + key] ??= []).push("can't be blank");
  }
  return { value: out, errors, ignored };
}
