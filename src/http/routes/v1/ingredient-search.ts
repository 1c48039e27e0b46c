// GET /v1/ingredients/search (docs/api.md#search). A static path, so fastify serves it before /ingredients/:id.
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { searchIngredientLibrary } from '../../../services/ingredients/index.js';
import { ListQuery, pageOf, sendPage } from '../../pagination.js';
import { errorResponses } from '../../resources/shared/common.js';
import { IngredientList } from '../../resources/ingredients/schemas.js';
import { ingredientJson } from '../../resources/ingredients/serializer.js';
import { callerOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';

const Flag = (description: string, example: 'true' | 'false') =>
  Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description, examples: [example] }));
const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

export async function ingredientSearchRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/ingredients/search',
    {
      schema: {
        tags: ['ingredients'],
        summary: "Search the public library and the account's own ingredients by name",
        description:
          "Case- and accent-insensitive; exact names, the caller's own whole-word matches, library names headed by the query (whole foods first), whole words, word prefixes, then substrings (docs/api.md#search).",
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: 200, description: 'words to find in the name', examples: ['flour'] }),
          ...ListQuery,
          usda_verified: Flag('only USDA-verified (true) or only other (false) ingredients', 'true'),
          public: Flag('only the public library (true) or only your own ingredients (false)', 'true'),
          category: Type.Optional(
            Type.String({ maxLength: 200, description: 'exact category, case-insensitive', examples: ['Cereal Grains and Pasta'] }),
          ),
        }),
        response: { 200: IngredientList, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = pageOf(query);
      const { items, total } = await searchIngredientLibrary(ctx, callerOf(request), {
        q: query.q,
        usdaVerified: flag(query.usda_verified),
        public: flag(query.public),
        category: query.category,
        offset: page.offset,
        limit: page.perPage,
      });
      return sendPage(
        request,
        reply,
        page,
        total,
        items.map((i) => ({ ingredient: ingredientJson(i.ingredient, i.tags) })),
      );
    },
  );
}
