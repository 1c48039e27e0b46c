// POST /v1/recipe_text/parse and POST /v1/recipes/from_text (docs/api.md#recipe-text).
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { UnresolvedLinesError } from '../../../errors.js';
import { createRecipeFromText, parseRecipeText } from '../../../services/recipe-text/index.js';
import type { CostedRecipe } from '../../../services/recipes/index.js';
import { callerOf } from '../../request-context.js';
import { FromTextBody, FromTextResult, ParseBody, ParseResult, UnresolvedLines } from '../../resources/recipe-text/schemas.js';
import { recipeJson } from '../../resources/recipes/fields.js';
import { errorResponse, errorResponses } from '../../resources/shared/common.js';
import type { RouteDeps } from '../deps.js';

const tags = ['recipes'];

/**
 * Bodies up to this size reach the route, so that a line or text beyond the 20,000 characters a parse
 * takes is answered 422 naming its field (docs/api.md#recipe-text), not 413. A larger body is still 413.
 */
export const RECIPE_TEXT_BODY_LIMIT = 16 * 1024 * 1024;

const TOO_BIG = errorResponse(
  'ValidationFailed: a field breaks a rule (text or lines beyond 200 lines or 20,000 characters, a control character, a language it cannot read), each named in errors.',
);

export async function recipeTextRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/recipe_text/parse',
    {
      bodyLimit: RECIPE_TEXT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Read a recipe written as text: each line’s amount, unit, food, match and grams (nothing is written)',
        description:
          'Each line of `text` (or `lines`) read into quantity (fractions, ½, number words, ranges, "plus", brackets), unit, size, food words and comment; matched to your own ingredients first (the same name wins) and then the public library (its common food first, with plain-language synonyms: "unsalted" is "without salt", "confectioners\'" sugar "powdered"); weighed by the food\'s household measures ("1 cup", "1 large", "1 stick"), its density for another volume, or its piece of the given size. Each line has a status (matched, ambiguous, unmatched, no_quantity, section), a match with a confidence, up to four alternatives and a warning for every assumption. At most 200 lines and 20,000 characters; `language` en (default), en-US, en-CA, en-GB, en-IE, en-AU or en-NZ. Nothing is written.',
        body: ParseBody,
        response: { 200: ParseResult, 422: TOO_BIG },
      },
    },
    async (request) => parseRecipeText(ctx, callerOf(request), request.body),
  );

  app.post(
    '/recipes/from_text',
    {
      bodyLimit: RECIPE_TEXT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a recipe and its lines from a text, all or nothing (dry run on request)',
        description:
          "The text is parsed as POST /v1/recipe_text/parse parses it, and the recipe (`recipe`: the fields of POST /v1/recipes) made with a line for each matched or ambiguous line, in one transaction with one revision and one audit event. `choices` [{line, ingredient_id, unit?, quantity?, grams?}] set a line's ingredient (and amount); `skip` lists lines to leave out; lines without an amount are left out unless chosen with grams. An unmatched line neither chosen nor skipped is 422 UnresolvedLines with the parse, and nothing is written. `sections_as_subrecipes: true` makes each section a recipe used as a subrecipe. `dry_run: true` answers 200 with what would be made. 201 with {dry_run, recipe, subrecipes, lines, sections}.",
        body: FromTextBody,
        response: {
          200: { ...FromTextResult, description: 'A dry run: the recipe (and section recipes) that would be made; nothing was written.' },
          201: { ...FromTextResult, description: 'The recipe, made with its lines, and the parse it was made from.' },
          ...errorResponses(400),
          422: Type.Union([Type.Ref('Error'), UnresolvedLines], {
            description:
              'ValidationFailed (a field of the body, each named in errors: recipe.<field>, text, lines, language, choices[i].<field>, skip[i]), or UnresolvedLines: lines that match no food, with the parse (lines, sections, total_grams, unresolved); nothing was written.',
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await createRecipeFromText(ctx, callerOf(request), request.body);
        const made = (recipe: CostedRecipe) => {
          const json = recipeJson(recipe);
          // A dry run's recipes were rolled back: their ids and tokens name nothing.
          return outcome.dry_run ? { ...json, id: null, embed_token: null, primary_label: null } : json;
        };
        return reply.code(outcome.dry_run ? 200 : 201).send({
          dry_run: outcome.dry_run,
          recipe: made(outcome.recipe),
          subrecipes: outcome.subrecipes.map(made),
          lines: outcome.lines.lines,
          sections: outcome.lines.sections,
        });
      } catch (error) {
        if (!(error instanceof UnresolvedLinesError)) throw error;
        return reply
          .code(422)
          .send({ error: error.code, message: error.message, errors: error.errors ?? {}, ...error.details, request_id: request.id });
      }
    },
  );
}
