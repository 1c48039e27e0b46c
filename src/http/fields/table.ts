// A field table names each member of a response once: its schema (what the OpenAPI document and the
// response check in the tests see) and how it is read from the service's result (what the
// serializer writes). The object schema and the serializer are both made from the table, so the
// documented members and the sent members cannot drift apart (docs/api.md is built from the former).
import { Type, type ObjectOptions, type Static, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';

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

/** The serializer of a table: each member in table order, optional members left out when undefined. */
export function serializerOf<T extends FieldTable>(table: T): (source: SourceOf<T>) => Static<SchemaOf<T>> {
  const fields = Object.entries(table);
  return (source) => {
    const json: Record<string, unknown> = {};
    for (const [key, field] of fields) {
      const value = field.read(source);
      if (value !== undefined) json[key] = value;
    }
    return json as Static<SchemaOf<T>>;
  };
}
