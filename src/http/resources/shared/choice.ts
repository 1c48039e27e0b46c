// Query members from a closed set that the services check themselves (so a bad value is refused with
// the service's message, 400 naming the field as every query mistake: docs/api.md#errors, and aliases
// such as `a4` for `A4` stay accepted).
// The validator must not enforce them, but /docs should offer them as a list: the set travels
// under `x-enum`, which the validator ignores and the OpenAPI document turns into `enum`.
// Sets that come from the label markets (languages, formats, front-of-pack choices) are named instead,
// under `x-enum-of`, and read from the markets when the document is made (src/http/openapi-enums.ts):
// a market registered while the process runs is in the next app's document.
import { Type } from '@sinclair/typebox';

export const DOCUMENTED_ENUM = 'x-enum';
export const DOCUMENTED_ENUM_OF = 'x-enum-of';

/** An optional query string whose documented values are `values` (checked by the service, not the schema); the example is `example`, else the first value. */
export const Choice = (values: readonly string[], description: string, example: string | undefined = values[0]) =>
  Type.Optional(
    Type.String({ maxLength: 64, description, [DOCUMENTED_ENUM]: [...values], examples: example === undefined ? [] : [example] }),
  );

/** The sets the label markets give (openapi-enums.ts MARKET_LISTS). */
export type MarketList = 'label_languages' | 'label_formats' | 'symbol_languages' | 'symbol_orientations';

/** An optional query string whose documented values are a set of the label markets, as registered when the document is made. */
export const MarketChoice = (list: MarketList, description: string, example: string) =>
  Type.Optional(Type.String({ maxLength: 64, description, [DOCUMENTED_ENUM_OF]: list, examples: [example] }));
