// A field table names each member of a response once: its schema (what the OpenAPI document and the
// response check in the tests see) and how it is read from the service's result (what the
// serializer writes). The object schema and the serializer are both made from the table, so the
// documented members and the sent members cannot drift apart (docs/api.md is built from the former).
import { Type, type ObjectOptions, type Static, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';
import { printedNumber, printedNumbers } from '../../../lib/printed-number.js';

/** What a field's reader returns: the schema's type; undefined too for an optional member (then left out). */
export type FieldValue<S extends TSchema> = S extends TOptional<TSchema> ? Static<S> | undefined : Static<S>;

export interface Field<Source, S extends TSchema = TSchema> {
  schema: S;
  read: (source: Source) => FieldValue<S>;
}

// biome-ignore lint/suspicious/noExplicitAny: a table's readers take their own source type; the table type only needs the schemas.
export type FieldTable = Record<string, Field<any>>;

export type SchemaOf<T extends FieldTable> = TObject<{ [K in keyof T]: T[K]['schema'] }>;

/** Fixes a table's source type so each field's schema type is inferred from its schema. */
export const fieldsOf =
  <Source>() =>
  <S extends TSchema>(schema: S, read: (source: Source) => FieldValue<S>): Field<Source, S> => ({ schema, read });

/** The closed object schema of a table: a member the table does not name is an error in the response check. */
export function objectSchemaOf<T extends FieldTable>(table: T, options: ObjectOptions = {}): SchemaOf<T> {
  const properties = Object.fromEntries(Object.entries(table).map(([key, field]) => [key, field.schema]));
  return Type.Object(properties, { additionalProperties: false, ...options }) as SchemaOf<T>;
}

type SourceOf<T extends FieldTable> = T[keyof T] extends Field<infer Source> ? Source : never;

/**
 * Whether a schema's values may hold a fraction anywhere inside (a `number`, or members and items
 * the schema leaves open). Integers, strings and booleans print as they are.
 */
export function mayHoldFractions(schema: TSchema | boolean | undefined): boolean {
  if (schema === undefined || schema === false) return false;
  if (schema === true) return true;
  const s = schema as Record<string, unknown>;
  if (s.type === 'number') return true;
  if (Array.isArray(s.anyOf) && s.anyOf.some((branch) => mayHoldFractions(branch as TSchema))) return true;
  if (s.type === 'array') return mayHoldFractions((s.items as TSchema | undefined) ?? true);
  if (s.type === 'object') {
    const members = [
      ...Object.values((s.properties ?? {}) as Record<string, TSchema>),
      ...Object.values((s.patternProperties ?? {}) as Record<string, TSchema>),
    ];
    return members.some(mayHoldFractions) || mayHoldFractions(s.additionalProperties as TSchema | boolean | undefined);
  }
  // No type (Type.Unknown): anything.
  return s.type === undefined && s.anyOf === undefined && s.const === undefined;
}

/**
 * A field's reader as responses print it: numbers at most 10 significant digits (docs/api.md#responses,
 * src/lib/printed-number.ts). Decided once per field from its schema, so members that cannot hold a
 * fraction (ids, text, flags) are read as they are.
 */
export function printingReaderOf<Source, S extends TSchema>(field: Field<Source, S>): (source: Source) => FieldValue<S> {
  const { schema, read } = field;
  if (!mayHoldFractions(schema)) return read;
  if ((schema as Record<string, unknown>).type === 'number') return (source) => printedNumber(read(source) as number) as FieldValue<S>;
  return (source) => printedNumbers(read(source));
}

/** The serializer of a table: each member in table order, optional members left out when undefined, numbers printed. */
export function serializerOf<T extends FieldTable>(table: T): (source: SourceOf<T>) => Static<SchemaOf<T>> {
  const fields = Object.entries(table).map(([key, field]) => [key, printingReaderOf(field)] as const);
  return (source) => {
    const json: Record<string, unknown> = {};
    for (const [key, read] of fields) {
      const value = read(source);
      if (value !== undefined) json[key] = value;
    }
    return json as Static<SchemaOf<T>>;
  };
}
