// POST /v1/recipe_text/parse (docs/api.md#recipe-text): each line read (src/core/recipe-text/reader.ts),
// matched to the caller's own ingredients and then the public library (matching.ts), and weighed
// (grams.ts). Reads only: nothing is written. Two statements beyond the library's version: the
// caller's own ingredients holding the lines' words (never another account's), and, when the library
// changed, the library itself (library.ts).
import { type Food, foodOf } from '../../core/recipe-text/foods.js';
import { lineFoodWords } from '../../core/recipe-text/food-words.js';
import type { Weighed } from '../../core/recipe-text/grams.js';
import { type Candidate, type LineMatching, matchLine } from '../../core/recipe-text/matching.js';
import { readLine } from '../../core/recipe-text/reader.js';
import { namesNoSection } from '../../core/recipe-text/sections.js';
import type { IngredientLine } from '../../core/recipe-text/types.js';
import type { RecipeLanguage } from '../../core/recipe-text/units.js';
import { ownFoodsHolding } from '../../db/repositories/recipe-text.js';
import { printedNumber } from '../../lib/printed-number.js';
import { searchText } from '../../lib/text.js';
import type { Caller, ServiceContext } from '../context.js';
import { checkRecipeText, type NumberedLine, type RecipeTextInput } from './input.js';
import { libraryIndexOf } from './library.js';
import type { LineFood, ParsedLine, ParsedRecipeText, ParsedSection } from './types.js';

/** Lines matched in one turn of the event loop (~2 ms each). */
const LINES_PER_TURN = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Most distinct words the own-ingredient read looks for (a 200-line recipe has a few hundred). */
const MAX_OWN_WORDS = 120;

/** A line as read, before matching: what matching and creating need besides the JSON. */
export interface ReadTextLine {
  numbered: NumberedLine;
  read: ReturnType<typeof readLine>;
}

const round = (n: number | null) => (n === null ? null : printedNumber(n));

function foodJson(candidate: Candidate, confidence: number): LineFood {
  const w: Weighed | null = candidate.weighed;
  return {
    ingredient_id: candidate.food.id,
    name: candidate.food.name,
    source: candidate.food.source,
    unit: w?.unit ?? null,
    quantity: round(w?.quantity ?? null),
    grams: round(w?.grams ?? null),
    grams_from: w?.gramsFrom ?? null,
    confidence: Number(Math.max(0, Math.min(1, confidence)).toFixed(2)),
  };
}

function lineJson(numbered: NumberedLine, line: IngredientLine, m: LineMatching): ParsedLine {
  const warnings = [...m.warnings];
  if (m.status === 'no_quantity') {
    warnings.push({
      code: 'excluded_no_quantity',
      message: `No amount ("${line.comment ?? line.name}"): left out of the recipe unless chosen with grams.`,
    });
  }
  if (line.optional && line.quantity !== null) {
    warnings.push({ code: 'optional_ingredient', message: 'Marked optional: included; skip the line to leave it out.' });
  }
  const matched = m.status === 'matched' || m.status === 'ambiguous' || m.status === 'no_quantity';
  const best = matched && m.best ? foodJson(m.best, m.confidence) : null;
  // An unmatched line offers its best food first among the alternatives (with grams null when it cannot weigh the line).
  const offered = !matched && m.best ? [m.best, ...m.alternatives].slice(0, 4) : m.alternatives;
  return {
    line: numbered.line,
    input: numbered.input,
    quantity: round(line.quantity),
    quantity_max: round(line.quantityMax),
    unit: line.unit,
    size: line.size,
    name: line.name === '' ? null : line.name,
    comment: line.comment,
    status: m.status,
    match: best,
    alternatives: offered.map((c) => foodJson(c, c.score)),
    warnings,
  };
}

/** The account's own ingredients that may match any of the lines: those whose name holds one of their food words. */
async function ownFoods(ctx: ServiceContext, caller: Caller, lines: readonly IngredientLine[], language: RecipeLanguage): Promise<Food[]> {
  const words = new Set<string>();
  for (const line of lines) {
    // The words as written (an own name is written as the recipe writes it) and as rewritten, each at least 3 letters.
    for (const w of [...searchText(line.name).split(/[^\p{L}\p{N}]+/u), ...lineFoodWords(line.name, language)]) {
      if (w.length >= 3) words.add(w);
    }
  }
  const rows = await ownFoodsHolding(ctx.database.db, ctx.database.dialect, caller.accountId, [...words].slice(0, MAX_OWN_WORDS));
  return rows.map(foodOf);
}

/** Reads, matches and weighs the lines of a checked text. */
export async function parseLines(
  ctx: ServiceContext,
  caller: Caller,
  numbered: readonly NumberedLine[],
  language: RecipeLanguage,
): Promise<{ parsed: ParsedRecipeText; read: ReadTextLine[] }> {
  const read = numbered.map((n) => ({ numbered: n, read: readLine(n.input) }));
  const ingredients = read.flatMap((r) => (r.read.kind === 'ingredient' ? [r.read] : []));
  const [index, own] = await Promise.all([libraryIndexOf(ctx), ownFoods(ctx, caller, ingredients, language)]);
  const lines: ParsedLine[] = [];
  const sections: ParsedSection[] = [];
  let total = 0;
  let unresolved = 0;
  for (const [i, { numbered: n, read: r }] of read.entries()) {
    // A long recipe leaves the event loop to other requests between slices of lines.
    if (i > 0 && i % LINES_PER_TURN === 0) await nextTurn();
    if (r.kind === 'section') {
      if (!namesNoSection(r.title)) sections.push({ title: r.title, first_line: n.line });
      lines.push({
        line: n.line,
        input: n.input,
        quantity: null,
        quantity_max: null,
        unit: null,
        size: null,
        name: r.title,
        comment: null,
        status: 'section',
        match: null,
        alternatives: [],
        warnings: [],
      });
      continue;
    }
    const m = matchLine(r, own, index, language);
    const json = lineJson(n, r, m);
    if (json.status === 'unmatched') unresolved++;
    if ((json.status === 'matched' || json.status === 'ambiguous') && json.match?.grams != null) total += json.match.grams;
    lines.push(json);
  }
  return { parsed: { lines, sections, total_grams: printedNumber(total), unresolved }, read };
}

/** POST /v1/recipe_text/parse: the text's lines read, matched and weighed; nothing is written. */
export async function parseRecipeText(ctx: ServiceContext, caller: Caller, input: RecipeTextInput): Promise<ParsedRecipeText> {
  const { lines, language } = checkRecipeText(input);
  return (await parseLines(ctx, caller, lines, language)).parsed;
}
