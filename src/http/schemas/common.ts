// Schema building blocks shared by the route groups.
import { Type, type TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Text = (maxLength = 255, description?: string) => Nullable(Type.String({ maxLength, description }));

export const IdParams = Type.Object({ id: Type.String({ description: 'numeric id' }) });

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'error code (API.md §1.5)' }),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    request_id: Type.String(),
  },
  { $id: 'Error' },
);

/** Response documentation for the error statuses every authenticated route can return. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries([401, 429, ...statuses].map((s) => [s, Type.Ref('Error')]));

export const Deleted = (resource: string) =>
  Type.Object({ [resource]: Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }) });
