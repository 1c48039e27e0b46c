// GET /v1/reference_amounts?country=US|CA (docs/api.md#reference-amounts): the rows a recipe's
// label_settings.racc_category / reference_amount_category may name. The same public tables for every
// account; authenticated like every /v1 route.
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { REFERENCE_COUNTRIES, referenceAmounts, type ReferenceCountry } from '../../../core/label/reference-amounts/index.js';
import { validationFailed } from '../../../errors.js';
import { ListQuery, pageOf, sendPage } from '../../pagination.js';
import { ReferenceAmountList } from '../../resources/reference-amounts/schemas.js';

export async function referenceAmountRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/reference_amounts',
    {
      schema: {
        tags: ['labels'],
        summary: 'The tables of reference amounts a label can name: 21 CFR 101.12(b) and 9 CFR (US), Health Canada (CA)',
        description:
          'country=US lists rows of 21 CFR 101.12(b) Table 2 (FDA, general food supply), then USDA FSIS\'s meat and poultry tables (9 CFR 317.312(b), 381.412(b)), then 101.12(b) Table 1 (infants and young children) (key, group, product category, grams or mL, label statement, source); country=CA every row of Health Canada\'s Table of Reference Amounts for Food (version of October 18, 2024), keyed by item number ("A.10"; an item\'s second Column 2 entry "A.10.2"), with Column 2\'s words, the "amount to make" rows of unprepared foods and the serving-size cases of Columns 3A/3B. A recipe names a row with label_settings.racc_category (US) or reference_amount_category (CA): nutrient content claims are judged per that amount, and per 50 g when it is 30 g (or 2 tbsp) or less. Paginated like every list (page, per_page).',
        querystring: Type.Object({
          country: Type.Optional(Type.String({ maxLength: 10, description: 'US or CA', examples: ['US'] })),
          ...ListQuery,
        }),
        response: { 200: ReferenceAmountList },
      },
    },
    async (request, reply) => {
      const country = request.query.country;
      if (!(REFERENCE_COUNTRIES as readonly unknown[]).includes(country)) {
        throw validationFailed({ country: [`must be one of: ${REFERENCE_COUNTRIES.join(', ')}`] });
      }
      const page = pageOf(request.query);
      const rows = referenceAmounts(country as ReferenceCountry);
      const items = rows.slice(page.offset, page.offset + page.perPage).map((reference_amount) => ({ reference_amount }));
      return sendPage(request, reply, page, rows.length, items);
    },
  );
}
