// A new recipe from pasted text (docs/studio.md "A new recipe from text"): the page with its form, its
// preview (each line's match and grams, the foods to pick from, a search per line) and creating the
// recipe, through the services of POST /v1/recipe_text/parse and POST /v1/recipes/from_text. One form
// posted whole each time, so it works without JavaScript; studio.js sends it as it is typed
// (data-live) and swaps in the preview.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { MAX_CHARACTERS, MAX_LINES, prepareLibraryIndex } from '../../../services/recipe-text/index.js';
import {
  createRecipeFromForm,
  MAX_SEARCHES,
  previewRecipeText,
  type LineForm,
  type NewRecipeErrors,
  type NewRecipeForm,
  type TextPreview,
} from '../../../services/studio/index.js';
import type { Begun } from '../../../services/idempotency/index.js';
import { TEXT_WORDS } from '../../../web/studio/text-words.js';
import { formText } from '../web-session.js';
import { callerOf, sendPage, sessionOf, type StudioDeps } from './context.js';

const emptyForm = (): NewRecipeForm => ({
  name: '',
  servings: '',
  text: '',
  language: 'en',
  sectionsAsSubrecipes: false,
  lines: new Map(),
  token: randomUUID(),
});

/** A token the page made (a UUID); anything else posted is replaced by a new one. */
const FORM_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The kitchens a recipe may be written for: their food words, and the size of their cup and spoon (docs/api.md#recipe-text-grams). */
const LANGUAGES: ReadonlyArray<{ value: string; text: string }> = [
  { value: 'en', text: 'American (US cup and spoons)' },
  { value: 'en-CA', text: 'Canadian' },
  { value: 'en-GB', text: 'British (plain flour; imperial pint)' },
  { value: 'en-IE', text: 'Irish' },
  { value: 'en-AU', text: 'Australian (250 mL cup, 20 mL tablespoon)' },
  { value: 'en-NZ', text: 'New Zealand (250 mL cup)' },
];

const noErrors = (): NewRecipeErrors => ({ fields: {}, lines: new Map(), general: [] });

/** A line's member of the form: seen_3, pick_3, grams_3, q_3 (flat names: bracketed numbers would become arrays). */
const LINE_FIELD = /^(seen|pick|grams|q)_([1-9]\d{0,4})$/;

/** The page's form as posted; members it does not know are ignored. */
function formOf(request: FastifyRequest): NewRecipeForm {
  const body = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const lines = new Map<number, LineForm>();
  for (const [key, value] of Object.entries(body)) {
    const match = LINE_FIELD.exec(key);
    if (!match || typeof value !== 'string') continue;
    const line = Number(match[2]);
    lines.set(line, { ...lines.get(line), [match[1] as keyof LineForm]: value });
  }
  return {
    name: formText(request, 'name'),
    servings: formText(request, 'servings'),
    text: formText(request, 'text'),
    language: formText(request, 'language') || 'en',
    sectionsAsSubrecipes: formText(request, 'sections_as_subrecipes') === 'true',
    lines,
    token: FORM_TOKEN.test(formText(request, 'form_token')) ? formText(request, 'form_token') : randomUUID(),
  };
}

/**
 * The Idempotency-Key a create stands for: the form's token and what the form holds. Posted twice as it
 * is (a double click, a reload of the answer), it makes one recipe and both posts go to it; changed
 * after a recipe was made (back, edit, create), it makes another.
 */
function createKey(form: NewRecipeForm): string {
  const held = [...form.lines].sort(([a], [b]) => a - b);
  const content = JSON.stringify([form.name, form.servings, form.text, form.language, form.sectionsAsSubrecipes, held]);
  return `studio-new-recipe:${form.token}:${createHash('sha256').update(content).digest('hex')}`;
}

const CREATE_FINGERPRINT = 'studio-new-recipe';

function showPage(
  request: FastifyRequest,
  reply: FastifyReply,
  form: NewRecipeForm,
  preview: TextPreview | null,
  errors: NewRecipeErrors,
  status: number,
): Promise<FastifyReply> {
  return sendPage(
    request,
    reply,
    'new-recipe',
    {
      title: 'New recipe from text',
      form,
      preview,
      errors,
      tw: TEXT_WORDS,
      languages: LANGUAGES,
      limits: { lines: MAX_LINES, characters: MAX_CHARACTERS },
      maxSearches: MAX_SEARCHES,
    },
    status,
  );
}

/** A field's messages from the services ("is too long: ...") as sentences under the field. */
const SENTENCE_OF: Record<string, (message: string) => string> = {
  name: (m) => `The name ${m}.`,
  servings: (m) => `Servings ${m}.`,
  language: (m) => `The kitchen ${m.replace(/^must be one of: .*$/, 'must be one of those listed')}.`,
  text: (m) => (m.startsWith("can't be blank") ? 'The text is empty: paste the ingredients, one a line.' : `The text ${m}.`),
};

function inSentences(errors: NewRecipeErrors): NewRecipeErrors {
  const fields = Object.fromEntries(
    Object.entries(errors.fields).map(([field, messages]) => [
      field,
      messages.map((m) => (SENTENCE_OF[field]?.(m) ?? m).replace(/\.\.$/, '.')),
    ]),
  );
  return { ...errors, fields };
}

/** A text the parse refuses (too long, too many lines, a control character): said on the text, what was pasted kept. */
function textRefused(error: unknown): NewRecipeErrors {
  if (!(error instanceof AppError) || error.status !== 422) throw error;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    const on = field === 'language' ? 'language' : 'text';
    fields[on] = [...(fields[on] ?? []), ...messages.map((m) => (field === on ? m : `${field}: ${m}`))];
  }
  if (Object.keys(fields).length === 0) fields.text = [error.message];
  return inSentences({ ...noErrors(), fields });
}

export function newRecipeRoutes(app: FastifyInstance, studio: StudioDeps): void {
  const hidden = { schema: { hide: true } };

  app.get('/recipes/new', hidden, async (request, reply) => {
    // The library's word index is built on a parse's first use: start it now, while the text is pasted.
    prepareLibraryIndex(studio.ctx);
    return showPage(request, reply, emptyForm(), null, noErrors(), 200);
  });

  app.post('/recipes/new/preview', hidden, async (request, reply) => {
    const form = formOf(request);
    if (form.text.trim() === '') return showPage(request, reply, form, null, noErrors(), 200);
    let preview: TextPreview;
    try {
      preview = await previewRecipeText(studio.ctx, callerOf(request), form);
    } catch (error) {
      return showPage(request, reply, form, null, textRefused(error), 422);
    }
    const errors = noErrors();
    if (preview.refused) errors.general.push('A food picked is not one this account can use: it was set back to the match.');
    return showPage(request, reply, form, preview, errors, preview.refused ? 422 : 200);
  });

  app.post('/recipes/new', hidden, async (request, reply) => {
    const form = formOf(request);
    const keys = studio.idempotencyKeys;
    let begun: Begun;
    try {
      // A second post of the same form waits here for the first, then goes where it went.
      begun = await keys.begin(sessionOf(request).account.id, createKey(form), CREATE_FINGERPRINT);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      const errors = noErrors();
      errors.general.push('This recipe is being made by an earlier click: open Recipes in a moment to find it.');
      return showPage(request, reply, form, null, errors, 409);
    }
    if (begun.kind === 'replay') return reply.code(303).header('Location', begun.response.headers.location).send();
    // The key is kept (made) or freed (refused) before the answer leaves: the next post, or a look at
    // the database, finds it as the answer says.
    let outcome: Awaited<ReturnType<typeof createRecipeFromForm>>;
    try {
      outcome = await createRecipeFromForm(studio.ctx, callerOf(request), form);
    } catch (error) {
      await keys.finish(begun.owned, null);
      throw error;
    }
    if (!outcome.ok) {
      await keys.finish(begun.owned, null);
      return showPage(request, reply, form, outcome.preview, inSentences(outcome.errors), 422);
    }
    const location = `/studio/recipes/${outcome.recipeId}?saved=created`;
    await keys.finish(begun.owned, { status: 200, headers: { location }, body: '' });
    return reply.code(303).header('Location', location).send();
  });
}
