// POST /v1/recipes/from_text (docs/api.md#recipe-text-create): a recipe and its lines from a text, in one
// transaction with one revision and one audit event. The text is parsed as /recipe_text/parse parses
// it; `choices` set a line's ingredient (and its amount), `skip` leaves lines out. An unmatched line
// neither chosen nor skipped is 422 UnresolvedLines carrying the parse, and nothing is written;
// ambiguous lines take their best match; lines without an amount are left out unless chosen with one.
// `sections_as_subrecipes` makes each section a recipe of its own, used in the recipe as a subrecipe.
// `dry_run` answers what would be made and writes nothing (the transaction is rolled back).
import type { Ingredient } from '../../core/ingredient.js';
import { foodOf } from '../../core/recipe-text/foods.js';
import { weigh } from '../../core/recipe-text/grams.js';
import { lineWords } from '../../core/recipe-text/matching.js';
import type { IngredientLine } from '../../core/recipe-text/types.js';
import type { RecipeLanguage } from '../../core/recipe-text/units.js';
import { numberOf, type RecipeInput, applyRecipeWrite } from '../../core/recipe/rules.js';
import type { LineInput } from '../../core/recipe/lines.js';
import { findReadableIngredients, insertIngredient } from '../../db/repositories/ingredients.js';
import { insertRecipe } from '../../db/repositories/recipes.js';
import { insertLines } from '../../db/repositories/recipes-lines.js';
import type { Executor } from '../../db/schema.js';
import { type FieldErrors, UnresolvedLinesError, validationFailed } from '../../errors.js';
import { must } from '../../lib/must.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { type AuditedWrite, recordWrites } from '../history/index.js';
import {
  type CostedRecipe,
  loadRecipeTree,
  newEmbedToken,
  planLines,
  readableIngredientsOrFail,
  resultAfterWrite,
  subrecipeIngredientFields,
  withRecipeCost,
} from '../recipes/index.js';
import { checkRecipeText, type RecipeTextInput } from './input.js';
import { parseLines } from './parse.js';
import type { ParsedLine, ParsedRecipeText } from './types.js';

export interface FromTextInput extends RecipeTextInput {
  recipe?: unknown;
  choices?: unknown;
  skip?: unknown;
  dry_run?: unknown;
  sections_as_subrecipes?: unknown;
}

export interface FromTextOutcome {
  dry_run: boolean;
  recipe: CostedRecipe;
  /** The recipes made of sections (sections_as_subrecipes), in the order of the text. */
  subrecipes: CostedRecipe[];
  lines: ParsedRecipeText;
}

/** A line's ingredient and amount as the client chose them. */
interface Choice {
  index: number;
  line: number;
  ingredient_id: number;
  unit?: string;
  quantity?: number;
  grams?: number;
}

const MAX_ID = 2_147_483_647;
const MAX_GRAMS = 10_000_000;
const MAX_QUANTITY = 1_000_000;

const booleanOf = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'on', 't'].includes(v)) return true;
    if (['false', '0', 'no', 'off', 'f', ''].includes(v)) return false;
  }
  if (value === 1) return true;
  if (value === 0) return false;
  return undefined;
};

/** A list as JSON or a form sends it: an array, an object keyed by index (qs), or a comma string (skip). */
function listOf(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && Object.keys(value).every((k) => /^\d+$/.test(k))) return Object.values(value);
  if (typeof value === 'string') return value.split(',').map((v) => v.trim());
  if (typeof value === 'number') return [value];
  return [value];
}

const wholeNumberIn = (value: unknown, min: number, max: number): number | undefined => {
  const n = numberOf(value);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

function checkChoices(raw: unknown, errors: FieldErrors): Choice[] {
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const items = listOf(raw);
  if (items === undefined) return [];
  if (typeof raw === 'string' || typeof raw === 'number') {
    fail('choices', 'must be a list of {line, ingredient_id, unit?, quantity?, grams?}');
    return [];
  }
  if (items.length > 200) fail('choices', 'has more entries than the text has lines (at most 200)');
  const choices: Choice[] = [];
  items.forEach((item, index) => {
    const at = `choices[${index}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return fail(at, 'must be an object {line, ingredient_id, unit?, quantity?, grams?}');
    const o = item as Record<string, unknown>;
    const line = wholeNumberIn(o.line, 1, 1_000_000);
    if (line === undefined) fail(`${at}.line`, 'must be the number of a line of the text');
    const id = wholeNumberIn(o.ingredient_id, 1, MAX_ID);
    if (id === undefined) fail(`${at}.ingredient_id`, 'must be the id of an ingredient this account can read');
    const choice: Choice = { index, line: line ?? 0, ingredient_id: id ?? 0 };
    if (o.unit !== undefined && o.unit !== null && o.unit !== '') {
      if (typeof o.unit !== 'string' || o.unit.length > 255)
        fail(`${at}.unit`, "must be one of the ingredient's units (a key of its units_and_grams)");
      else choice.unit = o.unit;
    }
    for (const [field, max] of [
      ['quantity', MAX_QUANTITY],
      ['grams', MAX_GRAMS],
    ] as const) {
      const value = o[field];
      if (value === undefined || value === null || value === '') continue;
      const n = numberOf(value);
      if (n === undefined || n < 0 || n > max) fail(`${at}.${field}`, `must be a number from 0 to ${max.toLocaleString('en-US')}`);
      else choice[field] = n;
    }
    if (choice.quantity !== undefined && choice.unit === undefined) fail(`${at}.unit`, "can't be blank when quantity is sent");
    if (choice.grams !== undefined && (choice.unit !== undefined || choice.quantity !== undefined)) {
      fail(`${at}.grams`, 'send grams, or unit and quantity, not both');
    }
    choices.push(choice);
  });
  return choices;
}

function checkSkip(raw: unknown, errors: FieldErrors): number[] {
  const items = listOf(raw);
  if (items === undefined) return [];
  const lines: number[] = [];
  items.forEach((item, i) => {
    const line = wholeNumberIn(item, 1, 1_000_000);
    if (line === undefined) (errors[`skip[${i}]`] ??= []).push('must be the number of a line of the text');
    else lines.push(line);
  });
  return lines;
}

/** What a line becomes: left out, or a recipe line of an ingredient. */
type Planned = { line: number; section: number | null; ingredient_id: number; amount: LineInput; field: string } | null;

/** The section each line is in (the index of its header in the parse's sections), or null before any. */
function sectionsByLine(parsed: ParsedRecipeText): Map<number, number | null> {
  const out = new Map<number, number | null>();
  let current: number | null = null;
  for (const line of parsed.lines) {
    const at = parsed.sections.findIndex((s) => s.first_line === line.line);
    if (at >= 0) current = at;
    out.set(line.line, current);
  }
  return out;
}

/** The amount of a chosen line: grams, or unit and quantity, as sent; else the line's own amount weighed by the chosen ingredient. */
function chosenAmount(
  choice: Choice,
  ingredient: Ingredient,
  read: IngredientLine,
  language: RecipeLanguage,
  errors: FieldErrors,
): LineInput | null {
  const at = `choices[${choice.index}]`;
  if (choice.grams !== undefined) return { total_grams: choice.grams };
  if (choice.unit !== undefined) return { unit: choice.unit, quantity: choice.quantity ?? 1 };
  if (read.quantity === null) {
    (errors[`${at}.grams`] ??= []).push(`line ${choice.line} has no amount: send grams, or unit and quantity`);
    return null;
  }
  const food = foodOf({ ...ingredient, category: ingredient.category, subrecipe: ingredient.subrecipe });
  const weighed = weigh(food, read, { language, said: lineWords(read, language).said });
  if (!weighed) {
    (errors[`${at}.unit`] ??= []).push(
      `${ingredient.name} has no measure for "${read.unit ?? 'a count'}": send grams, or a unit it has (${Object.keys(food.unitsAndGrams).slice(0, 20).join(', ')}) and a quantity`,
    );
    return null;
  }
  return { unit: weighed.unit, quantity: weighed.quantity };
}

/** Thrown to roll a dry run back once its outcome is in hand. */
class DryRunDone extends Error {
  constructor(readonly outcome: FromTextOutcome) {
    super('dry run');
  }
}

const sectionName = (recipeName: string, title: string) => {
  const plain = title.replace(/^for (?:the |a |an )?/i, '').trim();
  return `${recipeName}: ${plain.charAt(0).toLowerCase() === plain.charAt(0) ? plain : plain.toLowerCase()}`.slice(0, 255);
};

export async function createRecipeFromText(ctx: ServiceContext, caller: Caller, input: FromTextInput): Promise<FromTextOutcome> {
  const errors: FieldErrors = {};
  // The recipe's own fields, checked as POST /v1/recipes checks them; errors keyed recipe.<field>.
  const recipeInput: RecipeInput =
    input.recipe !== null && typeof input.recipe === 'object' && !Array.isArray(input.recipe) ? (input.recipe as RecipeInput) : {};
  if (input.recipe === undefined || input.recipe === null) errors.recipe = ["can't be blank: send the recipe's fields, at least its name"];
  else if (typeof input.recipe !== 'object' || Array.isArray(input.recipe)) errors.recipe = ['must be an object of recipe fields'];
  const write = applyRecipeWrite(null, recipeInput);
  if (!write.ok) for (const [field, messages] of Object.entries(write.errors)) (errors[`recipe.${field}`] ??= []).push(...messages);
  const choices = checkChoices(input.choices, errors);
  const skip = checkSkip(input.skip, errors);
  const dryRun = input.dry_run === undefined || input.dry_run === null ? false : booleanOf(input.dry_run);
  if (dryRun === undefined) errors.dry_run = ['must be true or false'];
  const asSubrecipes =
    input.sections_as_subrecipes === undefined || input.sections_as_subrecipes === null ? false : booleanOf(input.sections_as_subrecipes);
  if (asSubrecipes === undefined) errors.sections_as_subrecipes = ['must be true or false'];
  let text: ReturnType<typeof checkRecipeText> | null = null;
  try {
    text = checkRecipeText(input);
  } catch (error) {
    if (!(error instanceof Error && 'errors' in error)) throw error;
    Object.assign(errors, (error as { errors?: FieldErrors }).errors);
  }
  if (Object.keys(errors).length > 0 || text === null || !write.ok) throw validationFailed(errors);

  const { parsed, read } = await parseLines(ctx, caller, text.lines, text.language);
  const byLine = new Map(read.map((r) => [r.numbered.line, r]));
  const parsedByLine = new Map(parsed.lines.map((l) => [l.line, l]));

  // Choices and skips name lines of the text, once each.
  const chosen = new Map<number, Choice>();
  for (const c of choices) {
    const at = `choices[${c.index}]`;
    const line = parsedByLine.get(c.line);
    if (c.line === 0 || c.ingredient_id === 0) continue;
    if (!line) (errors[`${at}.line`] ??= []).push(`the text has no ingredient on line ${c.line}`);
    else if (line.status === 'section') (errors[`${at}.line`] ??= []).push(`line ${c.line} is a section header`);
    else if (chosen.has(c.line)) (errors[`${at}.line`] ??= []).push(`line ${c.line} is chosen twice`);
    else chosen.set(c.line, c);
  }
  const skipped = new Set<number>();
  skip.forEach((line, i) => {
    if (!parsedByLine.has(line)) (errors[`skip[${i}]`] ??= []).push(`the text has no line ${line}`);
    else if (chosen.has(line)) (errors[`skip[${i}]`] ??= []).push(`line ${line} is both chosen and skipped`);
    else skipped.add(line);
  });
  // Chosen ingredients must be readable: the account's own or the library's, never another account's.
  const chosenIds = [...new Set([...chosen.values()].map((c) => c.ingredient_id))];
  const readable = await findReadableIngredients(ctx.database.db, chosenIds, caller.accountId);
  for (const c of chosen.values()) {
    if (!readable.has(c.ingredient_id)) {
      (errors[`choices[${c.index}].ingredient_id`] ??= []).push(
        `ingredient ${c.ingredient_id} does not exist or is not readable by this account`,
      );
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  // Every line's plan: its choice, its match, or nothing; unmatched lines neither chosen nor skipped stop here.
  const sectionOf = sectionsByLine(parsed);
  const unresolved: ParsedLine[] = [];
  const plans: Planned[] = parsed.lines.map((line) => {
    if (line.status === 'section' || skipped.has(line.line)) return null;
    const section = asSubrecipes ? (sectionOf.get(line.line) ?? null) : null;
    const choice = chosen.get(line.line);
    if (choice) {
      const r = must(byLine.get(line.line), 'the read line of a parsed line').read as IngredientLine;
      const amount = chosenAmount(
        choice,
        must(readable.get(choice.ingredient_id), 'a readable chosen ingredient'),
        r,
        text.language,
        errors,
      );
      return amount ? { line: line.line, section, ingredient_id: choice.ingredient_id, amount, field: `choices[${choice.index}].` } : null;
    }
    if (line.status === 'unmatched') {
      unresolved.push(line);
      return null;
    }
    if (line.status === 'no_quantity' || !line.match || line.match.unit === null || line.match.quantity === null) return null;
    return {
      line: line.line,
      section,
      ingredient_id: line.match.ingredient_id,
      amount: { unit: line.match.unit, quantity: line.match.quantity },
      field: `lines[${line.line}].`,
    };
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (unresolved.length > 0) {
    throw new UnresolvedLinesError(
      { ...parsed },
      {
        choices: unresolved.map(
          (l) => `line ${l.line} ("${l.input.slice(0, 80)}") matches no food: choose an ingredient for it or skip it`,
        ),
      },
      unresolved.length,
    );
  }
  const made = plans.filter((p): p is NonNullable<Planned> => p !== null);
  if (made.length === 0) throw validationFailed({ text: ['no line has both a food and an amount: there is nothing to make a recipe of'] });

  try {
    return await ctx.database.db.transaction().execute(async (tx) => {
      const outcome = await writeRecipe(tx, ctx, caller, write.fields, recipeInput, made, parsed, asSubrecipes === true, dryRun === true);
      if (dryRun) throw new DryRunDone(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.outcome;
    throw error;
  }
}

async function writeRecipe(
  tx: Executor,
  ctx: ServiceContext,
  caller: Caller,
  fields: Parameters<typeof insertRecipe>[2],
  recipeInput: RecipeInput,
  made: NonNullable<Planned>[],
  parsed: ParsedRecipeText,
  asSubrecipes: boolean,
  dryRun: boolean,
): Promise<FromTextOutcome> {
  const now = isoSeconds(ctx.clock.now());
  // Shared locks: the ingredients cannot be deleted before these lines commit (docs/api.md#concurrent-writes).
  await readableIngredientsOrFail(tx, caller.accountId, [...new Set(made.map((m) => m.ingredient_id))], 'share');
  const events: AuditedWrite[] = [];
  const subrecipeIds: number[] = [];
  // Each section becomes a recipe of its lines, and its subrecipe ingredient a line of the recipe.
  const mainLines: Array<{ ingredient_id: number; amount: LineInput; field: string }> = [];
  const bySection = new Map<number | null, NonNullable<Planned>[]>();
  for (const m of made) bySection.set(m.section, [...(bySection.get(m.section) ?? []), m]);
  for (const [section, lines] of bySection) {
    if (section === null || !asSubrecipes) {
      mainLines.push(...lines);
      continue;
    }
    const title = must(parsed.sections[section], 'a section of the parse').title;
    const name = sectionName(fields.name, title);
    const tree = await loadRecipeTree(tx, caller.accountId, [], { extraIngredientIds: lines.map((l) => l.ingredient_id) });
    const values = planLines(
      tree.graph,
      null,
      lines.map((l) => ({ ...l.amount, ingredient_id: l.ingredient_id })),
      (i) => must(lines[i], 'a planned line').field,
    );
    const sub = await insertRecipe(
      tx,
      caller.accountId,
      { ...fields, name, sku: null, subrecipe_name: null, package_yield_quantity: null },
      newEmbedToken(),
      now,
    );
    await insertLines(tx, sub.id, values, now);
    const subTree = await loadRecipeTree(tx, caller.accountId, [sub.id]);
    const result = must(subTree.evaluator.recipe(sub.id), 'the section recipe just written');
    const ingredient = await insertIngredient(tx, caller.accountId, subrecipeIngredientFields(sub, result, name), now);
    subrecipeIds.push(sub.id);
    events.push({ action: 'create', resource: 'recipe', resourceId: sub.id, fields: ['text', 'sections_as_subrecipes'] });
    events.push({ action: 'create', resource: 'ingredient', resourceId: ingredient.id, fields: ['sections_as_subrecipes'] });
    mainLines.push({ ingredient_id: ingredient.id, amount: { total_grams: result.batch_grams }, field: `sections[${section}].` });
  }
  const tree = await loadRecipeTree(tx, caller.accountId, [], { extraIngredientIds: mainLines.map((l) => l.ingredient_id) });
  const values = planLines(
    tree.graph,
    null,
    mainLines.map((l) => ({ ...l.amount, ingredient_id: l.ingredient_id })),
    (i) => must(mainLines[i], 'a planned line').field,
  );
  const recipe = await insertRecipe(tx, caller.accountId, fields, newEmbedToken(), now);
  await insertLines(tx, recipe.id, values, now);
  // One audit event for the recipe (and one for each section's recipe and ingredient); a revision of each recipe made.
  events.unshift({
    action: 'create',
    resource: 'recipe',
    resourceId: recipe.id,
    fields: ['text', ...Object.keys(recipeInput).map((f) => `recipe.${f}`)],
  });
  const written = await recordWrites(tx, ctx, caller, events, { recipeIds: [recipe.id, ...subrecipeIds] });
  const costed = await withRecipeCost(ctx, caller, await resultAfterWrite(tx, caller, recipe.id, written), { db: tx });
  const subrecipes: CostedRecipe[] = [];
  for (const id of subrecipeIds)
    subrecipes.push(await withRecipeCost(ctx, caller, await resultAfterWrite(tx, caller, id, written), { db: tx }));
  return { dry_run: dryRun, recipe: costed, subrecipes, lines: parsed };
}
