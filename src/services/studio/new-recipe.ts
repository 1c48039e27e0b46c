// The label studio's "new recipe from text" page (docs/studio.md "A new recipe from text"): a pasted text
// read as POST /v1/recipe_text/parse reads it, each line shown with the food it will use and its grams as
// the person has chosen so far (the match, an alternative, a food found by a search of the account's
// ingredients and the library, grams typed, or left out), and the recipe made from it as POST
// /v1/recipes/from_text makes it, in one transaction. The page is one form: every post carries the
// text and every line's choice, so it works without JavaScript (docs/api.md#recipe-text for the rules).
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { AppError, UnresolvedLinesError, type FieldErrors } from '../../errors.js';
import type { Caller, ServiceContext } from '../context.js';
import { searchIngredientLibrary } from '../ingredients/index.js';
import {
  createRecipeFromText,
  type LineFood,
  type LineStatus,
  type ParsedLine,
  parseRecipeText,
  weighLineWith,
} from '../recipe-text/index.js';

/** What a line's form holds (every member as typed; each optional). */
export interface LineForm {
  /** The line's text when its choices were shown: they apply only while the line still reads so. */
  seen?: string;
  /** 'skip', or the id of the food picked. */
  pick?: string;
  /** Grams typed for the line (instead of the amount read from it). */
  grams?: string;
  /** A search for the line's food. */
  q?: string;
}

/** The page's form: the recipe's fields, the text, and each line's choices by line number (1-based, as the text numbers it). */
export interface NewRecipeForm {
  name: string;
  servings: string;
  text: string;
  /** The kitchen the recipe is written for (docs/api.md#recipe-text-parse: en, en-GB, en-AU, ...): its words and its cup and spoon. */
  language: string;
  sectionsAsSubrecipes: boolean;
  lines: ReadonlyMap<number, LineForm>;
  /** The form's own token, made when the page is first shown and posted back with it: the same form posted twice makes one recipe. */
  token: string;
}

/** Where a food offered for a line comes from. */
export type FoodOrigin = 'match' | 'alternative' | 'search' | 'chosen';

export interface OfferedFood {
  ingredient_id: number;
  name: string;
  /** The account's own ingredient (else the public library's). */
  own: boolean;
  /** The grams of the line weighed by this food; null when it has no measure for the line's amount. */
  grams: number | null;
  /** The food's unit used ("1 cup") and how many of it. */
  unit: string | null;
  quantity: number | null;
  origin: FoodOrigin;
}

export type LinePick = number | 'skip' | null;

export interface PreviewLine {
  line: number;
  input: string;
  status: LineStatus;
  read: Pick<ParsedLine, 'quantity' | 'quantity_max' | 'unit' | 'size' | 'name' | 'comment'>;
  warnings: ParsedLine['warnings'];
  offered: OfferedFood[];
  /** The food the line uses: an ingredient id, 'skip' (left out), or null (no match, nothing chosen yet). */
  pick: LinePick;
  /** The person chose otherwise than the parse. */
  changed: boolean;
  chosen: OfferedFood | null;
  gramsTyped: string;
  /** The grams the line puts in the recipe; null when it is left out or its grams are not known yet. */
  grams: number | null;
  /** The line must be given a food, grams, or be left out before the recipe can be made. */
  unresolved: boolean;
  /** What to do about the line, in plain words. */
  todo: string | null;
  q: string;
  /** The search ran (its results are among `offered`). */
  searched: boolean;
  errors: string[];
}

export interface TextPreview {
  lines: PreviewLine[];
  sections: number;
  counts: { ingredients: number; matched: number; ambiguous: number; unmatched: number; noQuantity: number; leftOut: number };
  /** Grams of the lines that go in the recipe (those whose grams are known). */
  totalGrams: number;
  /** A line that goes in the recipe has no grams yet: the total is at least this. */
  totalPartial: boolean;
  unresolved: number;
  /** Lines whose search did not run: at most MAX_SEARCHES a preview. */
  searchesNotRun: number;
  /** A choice named a food this account cannot use (another account's, or none): refused. */
  refused: boolean;
}

/** Problems of a create, by where the page shows them. */
export interface NewRecipeErrors {
  /** name, servings, text, sections_as_subrecipes. */
  fields: Record<string, string[]>;
  lines: Map<number, string[]>;
  /** Said above the form. */
  general: string[];
}

export type CreateOutcome = { ok: true; recipeId: number } | { ok: false; errors: NewRecipeErrors; preview: TextPreview | null };

/** Searches run in one preview (each a search of the library); more wait for the next. */
export const MAX_SEARCHES = 10;
const RESULTS_PER_SEARCH = 5;
const MAX_QUERY = 200;
const MAX_GRAMS = 10_000_000;
const MAX_ID = 2_147_483_647;

const CANNOT_USE = 'That food is not one this account can use (it is not yours, or no longer exists): pick another.';

/** The text's lines by number, as the parse numbers them (blank lines count). */
const textLines = (text: string) => text.split(/\r\n|\r|\n/).map((line) => line.trim());

function pickOf(raw: string | undefined): { pick?: LinePick; error?: string } {
  if (raw === undefined || raw === '') return {};
  if (raw === 'skip') return { pick: 'skip' };
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  return id <= MAX_ID ? { pick: id } : { error: 'That choice is not one of the foods offered: pick one of them.' };
}

/** Grams as typed ("250", "250,5", "250 g"); undefined when blank. */
export function gramsOf(raw: string | undefined): { grams?: number; error?: string } {
  const text = (raw ?? '').trim();
  if (text === '') return {};
  const match = /^(\d{1,8}(?:[.,]\d{1,6})?)\s*(?:g|grams?)?$/i.exec(text);
  const grams = match ? Number((match[1] as string).replace(',', '.')) : Number.NaN;
  if (!(grams >= 0 && grams <= MAX_GRAMS)) return { error: `Grams must be a number from 0 to ${MAX_GRAMS.toLocaleString('en-US')}.` };
  return { grams };
}

/**
 * Each line's choices as the page holds them, by the line's number in the text as it is now. A choice
 * applies to the line it was made for: the same number reading the same, or, when lines were added or
 * removed above it, the nearest line reading the same that has no choice of its own. A line whose text
 * changed gets its own match again.
 */
export function heldChoices(form: NewRecipeForm): Map<number, LineForm> {
  const text = textLines(form.text);
  const held = new Map<number, LineForm>();
  const moved: Array<[number, LineForm & { seen: string }]> = [];
  for (const [line, choice] of form.lines) {
    if (choice.seen === undefined || choice.seen === text[line - 1]) held.set(line, choice);
    else if (choice.seen !== '') moved.push([line, { ...choice, seen: choice.seen }]);
  }
  if (moved.length === 0) return held;
  // Where each text stands now (one pass over the text, however many choices moved).
  const linesReading = new Map<string, number[]>();
  text.forEach((input, i) => {
    if (input === '') return;
    const lines = linesReading.get(input);
    if (lines) lines.push(i + 1);
    else linesReading.set(input, [i + 1]);
  });
  for (const [was, choice] of moved) {
    let nearest: number | undefined;
    for (const line of linesReading.get(choice.seen) ?? []) {
      if (!held.has(line) && (nearest === undefined || Math.abs(line - was) < Math.abs(nearest - was))) nearest = line;
    }
    if (nearest !== undefined) held.set(nearest, choice);
  }
  return held;
}

const offeredOf = (food: LineFood, origin: FoodOrigin): OfferedFood => ({
  ingredient_id: food.ingredient_id,
  name: food.name,
  // Set once every food of the preview is read (one statement for all).
  own: false,
  grams: food.grams,
  unit: food.unit,
  quantity: food.quantity,
  origin,
});

/** The food weighed for the line, or null when the caller cannot read it (another account's, or none). */
async function weighed(ctx: ServiceContext, caller: Caller, form: NewRecipeForm, input: string, id: number): Promise<LineFood | null> {
  try {
    return await weighLineWith(ctx, caller, { line: input, ingredient_id: id, language: form.language });
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return null;
    throw error;
  }
}

/**
 * The text read and each line's food as chosen so far. A text the parse refuses (over 200 lines or
 * 20,000 characters, a control character) throws its 422 naming `text`; nothing is ever written.
 */
export async function previewRecipeText(
  ctx: ServiceContext,
  caller: Caller,
  form: NewRecipeForm,
  lineErrors: ReadonlyMap<number, string[]> = new Map(),
): Promise<TextPreview> {
  const parsed = await parseRecipeText(ctx, caller, { text: form.text, language: form.language });
  const choices = heldChoices(form);
  let searches = 0;
  let searchesNotRun = 0;
  let refused = false;
  const lines: PreviewLine[] = [];
  for (const p of parsed.lines) {
    const held = p.status === 'section' ? undefined : choices.get(p.line);
    const errors = [...(lineErrors.get(p.line) ?? [])];
    const offered: OfferedFood[] = [];
    const offer = (food: OfferedFood) => {
      if (!offered.some((o) => o.ingredient_id === food.ingredient_id)) offered.push(food);
    };
    if (p.match) offer(offeredOf(p.match, 'match'));
    for (const alternative of p.alternatives) offer(offeredOf(alternative, 'alternative'));
    const q = (held?.q ?? '').trim().slice(0, MAX_QUERY);
    let searched = false;
    if (q !== '' && p.status !== 'section') {
      if (searches >= MAX_SEARCHES) searchesNotRun++;
      else {
        searches++;
        searched = true;
        const found = await searchIngredientLibrary(ctx, caller, { q, offset: 0, limit: RESULTS_PER_SEARCH });
        for (const { ingredient } of found.items) {
          if (offered.some((o) => o.ingredient_id === ingredient.id)) continue;
          const food = await weighed(ctx, caller, form, p.input, ingredient.id);
          if (food) offer(offeredOf(food, 'search'));
        }
      }
    }
    const fallback: LinePick =
      p.status === 'matched' || p.status === 'ambiguous' ? (p.match?.ingredient_id ?? null) : p.status === 'no_quantity' ? 'skip' : null;
    const picked = pickOf(held?.pick);
    if (picked.error && !errors.includes(picked.error)) errors.push(picked.error);
    let pick: LinePick = picked.pick ?? fallback;
    if (typeof pick === 'number' && !offered.some((o) => o.ingredient_id === pick)) {
      const food = await weighed(ctx, caller, form, p.input, pick);
      if (food) offer(offeredOf(food, 'chosen'));
      else {
        if (!errors.includes(CANNOT_USE)) errors.push(CANNOT_USE);
        refused = true;
        pick = fallback;
      }
    }
    const typed = gramsOf(held?.grams);
    if (typed.error && !errors.includes(typed.error)) errors.push(typed.error);
    lines.push({
      line: p.line,
      input: p.input,
      status: p.status,
      read: { quantity: p.quantity, quantity_max: p.quantity_max, unit: p.unit, size: p.size, name: p.name, comment: p.comment },
      warnings: warningsFor(p, pick, typed.grams !== undefined),
      offered,
      pick,
      changed: pick !== fallback || typed.grams !== undefined,
      chosen: null,
      gramsTyped: held?.grams ?? '',
      grams: typed.grams ?? null,
      unresolved: false,
      todo: null,
      q,
      searched,
      errors,
    });
  }
  // Which foods are the account's own: one read for every food offered.
  const ids = [...new Set(lines.flatMap((l) => l.offered.map((o) => o.ingredient_id)))];
  const readable = ids.length > 0 ? await findReadableIngredients(ctx.database.db, ids, caller.accountId) : new Map();
  for (const line of lines) {
    for (const food of line.offered) food.own = readable.get(food.ingredient_id)?.account_id != null;
    settle(line);
  }
  const ingredients = lines.filter((l) => l.status !== 'section');
  const counted = (status: LineStatus) => ingredients.filter((l) => l.status === status).length;
  const included = ingredients.filter((l) => typeof l.pick === 'number' && !l.unresolved);
  return {
    lines,
    sections: parsed.sections.length,
    counts: {
      ingredients: ingredients.length,
      matched: counted('matched'),
      ambiguous: counted('ambiguous'),
      unmatched: counted('unmatched'),
      noQuantity: counted('no_quantity'),
      leftOut: ingredients.filter((l) => l.pick === 'skip').length,
    },
    totalGrams: included.reduce((sum, l) => sum + (l.grams ?? 0), 0),
    totalPartial: included.some((l) => l.grams === null),
    unresolved: ingredients.filter((l) => l.unresolved).length,
    searchesNotRun,
    refused,
  };
}

/** Warnings about how the parse's match weighed the line: moot for another food, or for grams typed. */
const WEIGHING = new Set(['assumed_size', 'volume_by_density', 'no_measure', 'measure_size', 'assumed_measure', 'range_midpoint']);
/** Warnings about the parse's match itself. */
const ABOUT_THE_MATCH = new Set(['assumed_size', 'volume_by_density', 'no_measure', 'ambiguous_match', 'no_match']);

/**
 * The parse's warnings that still hold for the line as chosen: those about its match only while the
 * match is used, those about weighing only while the line's amount is weighed, and "left out" only
 * while it is. (A food picked instead is weighed by weighLineWith, which gives its grams and unit.)
 */
function warningsFor(p: ParsedLine, pick: LinePick, gramsTyped: boolean): ParsedLine['warnings'] {
  const matchUsed = p.match !== null && pick === p.match.ingredient_id;
  return p.warnings.filter((w) => {
    if (typeof pick === 'number' && w.code === 'excluded_no_quantity') return false;
    if (pick === 'skip' || pick === null) return true;
    if (gramsTyped && WEIGHING.has(w.code)) return false;
    return matchUsed || !ABOUT_THE_MATCH.has(w.code);
  });
}

/** A line's chosen food, its grams, and whether it still needs a decision. */
function settle(line: PreviewLine): void {
  if (line.status === 'section') return;
  const pick = line.pick;
  if (pick === null) {
    line.unresolved = true;
    line.todo = 'No food matches this line: pick one below, or leave the line out.';
    return;
  }
  if (pick === 'skip') {
    // A line without an amount says why it is left out in its warning.
    line.grams = null;
    return;
  }
  line.chosen = line.offered.find((o) => o.ingredient_id === pick) ?? null;
  if (line.grams !== null) return;
  line.grams = line.chosen?.grams ?? null;
  if (line.grams === null) {
    line.unresolved = true;
    line.todo =
      line.status === 'no_quantity'
        ? 'This line has no amount: type its grams to put it in the recipe, or leave it out.'
        : `${line.chosen?.name ?? 'This food'} has no measure for this line's amount: type its grams, or pick another food.`;
  }
}

/** The words a form field goes by on the page. */
const FIELD_OF: Record<string, string> = {
  'recipe.name': 'name',
  'recipe.servings': 'servings',
  text: 'text',
  lines: 'text',
  language: 'language',
};

/**
 * Makes the recipe as POST /v1/recipes/from_text does (one transaction, one revision, one audit event),
 * with each line's choice as the page holds it. When it cannot be made (a field, a choice, an unmatched
 * line neither chosen nor left out), nothing is written and the outcome says why, by field and line,
 * with the preview to show again.
 */
export async function createRecipeFromForm(ctx: ServiceContext, caller: Caller, form: NewRecipeForm): Promise<CreateOutcome> {
  const errors: NewRecipeErrors = { fields: {}, lines: new Map(), general: [] };
  const lineError = (line: number, message: string) => errors.lines.set(line, unique([...(errors.lines.get(line) ?? []), message]));
  const text = textLines(form.text);
  const choices: Array<{ line: number; ingredient_id: number; grams?: number }> = [];
  const skip: number[] = [];
  for (const [line, held] of [...heldChoices(form)].sort(([a], [b]) => a - b)) {
    if (!text[line - 1]) continue;
    const picked = pickOf(held.pick);
    const typed = gramsOf(held.grams);
    if (picked.error) lineError(line, picked.error);
    if (picked.pick === 'skip') skip.push(line);
    else if (typeof picked.pick === 'number') {
      if (typed.error) lineError(line, typed.error);
      choices.push({ line, ingredient_id: picked.pick, ...(typed.grams !== undefined ? { grams: typed.grams } : {}) });
    }
  }
  const recipe: Record<string, unknown> = { name: form.name.trim() };
  if (form.servings.trim() !== '') recipe.servings = form.servings.trim().replace(',', '.');
  if (errors.lines.size === 0) {
    try {
      const made = await createRecipeFromText(ctx, caller, {
        recipe,
        text: form.text,
        language: form.language,
        choices,
        skip,
        sections_as_subrecipes: form.sectionsAsSubrecipes,
      });
      return { ok: true, recipeId: made.recipe.recipe.id };
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      placeErrors(error, errors, choices, skip, lineError);
    }
  }
  let preview: TextPreview | null = null;
  try {
    preview = await previewRecipeText(ctx, caller, form, errors.lines);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 422) throw error;
    placeErrors(error, errors, choices, skip, lineError);
  }
  if (preview?.refused && errors.general.length === 0)
    errors.general.push('A food picked is not one this account can use: nothing was made.');
  return { ok: false, errors, preview };
}

/** The API's errors, by field and line, in the page's words. */
function placeErrors(
  error: AppError,
  errors: NewRecipeErrors,
  choices: ReadonlyArray<{ line: number }>,
  skip: readonly number[],
  lineError: (line: number, message: string) => void,
): void {
  if (error instanceof UnresolvedLinesError) {
    errors.general.push(
      `${error.message.replace(/: choose an ingredient.*$/, '')}: pick a food for each line marked below, or leave it out. Nothing was made.`,
    );
    return;
  }
  for (const [field, messages] of Object.entries(error.errors ?? ({} as FieldErrors))) {
    const choice = /^choices\[(\d+)\]\.(\w+)$/.exec(field);
    const skipped = /^skip\[(\d+)\]$/.exec(field);
    const line = choice ? choices[Number(choice[1])]?.line : skipped ? skip[Number(skipped[1])] : undefined;
    if (line !== undefined) {
      for (const message of messages) lineError(line, choiceMessage(choice?.[2] ?? 'line', message));
      continue;
    }
    const name = FIELD_OF[field] ?? (field.startsWith('recipe.') ? field.slice('recipe.'.length) : null);
    if (name) errors.fields[name] = unique([...(errors.fields[name] ?? []), ...messages]);
    else errors.general = unique([...errors.general, ...messages.map((m) => `${field}: ${m}`)]);
  }
  if (Object.keys(error.errors ?? {}).length === 0) errors.general = unique([...errors.general, error.message]);
}

const unique = (messages: readonly string[]) => [...new Set(messages)];

/** A choice's error from the API, as the line's form says it. */
function choiceMessage(field: string, message: string): string {
  if (field === 'ingredient_id') return CANNOT_USE;
  if (field === 'grams' && /has no amount/.test(message))
    return 'This line has no amount: type its grams to put it in the recipe, or leave it out.';
  if (field === 'unit') return "The food picked has no measure for this line's amount: type its grams, or pick another food.";
  return message;
}
