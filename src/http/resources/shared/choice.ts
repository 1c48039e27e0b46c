// Query members from a closed set that the services check themselves (so a bad value is a 422
// naming the field, with the service's message, and aliases such as `a4` for `A4` stay accepted).
// The validator must not enforce them, but /docs should offer them as a list: the set travels
// under `x-enum`, which the validator ignores and the OpenAPI document turns into `enum`.
import { Type } from '@sinclair/typebox';

export const DOCUMENTED_ENUM = 'x-enum';

/** An optional query string whose documented values are `values` (checked by the service, not the schema); the example is `example`, else the first value. */
export const Choice = (values: readonly string[], description: string, example: string | undefined = values[0]) =>
  Type.Optional(
    Type.String({ maxLength: 64, description, [DOCUMENTED_ENUM]: [...values], examples: example === undefined ? [] : [example] }),
  );
