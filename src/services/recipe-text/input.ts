// The text a parse takes (docs/api.md#recipe-text-parse): `text` (one ingredient a line) or `lines`, and a
// `language`; at most 200 lines and 20,000 characters; no control characters. Every problem is a 422
// naming its field, found before anything is read or written.
import { type RecipeLanguage, RECIPE_LANGUAGES, recipeLanguage } from '../../core/recipe-text/units.js';
import { validationFailed, type FieldErrors } from '../../errors.js';

export const MAX_LINES = 200;
export const MAX_CHARACTERS = 20_000;

export interface RecipeTextInput {
  text?: unknown;
  lines?: unknown;
  language?: unknown;
}

/** One line of the input with its number (1-based, as the text numbers it: blank lines count). */
export interface NumberedLine {
  line: number;
  input: string;
}

export interface CheckedText {
  lines: NumberedLine[];
  language: RecipeLanguage;
}

/** Code points up to `cap` (+1): a 10 MB string is not walked to the end to know it is too long. */
function codePoints(text: string, cap: number): number {
  if (text.length <= cap) return [...text].length;
  let n = 0;
  for (const _ of text) if (++n > cap) return n;
  return n;
}

/** A C0 control other than tab, line feed and carriage return, DEL, or a C1 control. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function controlProblem(text: string): string | null {
  const found = CONTROL.exec(text);
  if (!found) return null;
  const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  const line = text.slice(0, found.index).split('\n').length;
  return `contains a control character (U+${code}) on line ${line}; send plain text, one ingredient a line`;
}

/** The text's lines, or a 422 naming `text`, `lines`, `lines[i]` or `language`. */
export function checkRecipeText(input: RecipeTextInput): CheckedText {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  let language: RecipeLanguage = 'en';
  if (input.language !== undefined && input.language !== null && input.language !== '') {
    const found = typeof input.language === 'string' ? recipeLanguage(input.language) : undefined;
    if (found) language = found;
    else fail('language', `must be one of: ${RECIPE_LANGUAGES.join(', ')} (recipes are read in English)`);
  }
  const hasText = input.text !== undefined && input.text !== null;
  const hasLines = input.lines !== undefined && input.lines !== null;
  let lines: NumberedLine[] = [];
  if (hasText && hasLines) {
    fail('text', 'send either text or lines, not both');
  } else if (hasText) {
    const field = 'text';
    if (typeof input.text !== 'string') fail(field, 'must be a string');
    else {
      const text = input.text;
      const count = codePoints(text, MAX_CHARACTERS);
      if (count > MAX_CHARACTERS) fail(field, `is too long: at most ${MAX_CHARACTERS.toLocaleString('en-US')} characters`);
      else {
        const problem = controlProblem(text);
        if (problem) fail(field, problem);
        lines = text
          .split(/\r\n|\r|\n/)
          .map((line, i) => ({ line: i + 1, input: line.trim() }))
          .filter((l) => l.input !== '');
        if (lines.length > MAX_LINES) fail(field, `has ${lines.length} lines; at most ${MAX_LINES}`);
      }
    }
  } else if (hasLines) {
    const field = 'lines';
    if (!Array.isArray(input.lines)) fail(field, 'must be a list of strings');
    else if (input.lines.length > MAX_LINES) fail(field, `has ${input.lines.length} lines; at most ${MAX_LINES}`);
    else {
      let total = 0;
      input.lines.forEach((item, i) => {
        if (typeof item !== 'string') return fail(`lines[${i}]`, 'must be a string');
        total += codePoints(item, MAX_CHARACTERS);
        if (total > MAX_CHARACTERS) return;
        const problem = controlProblem(item.replace(/[\r\n]+/g, ' '));
        if (problem) fail(`lines[${i}]`, problem.replace(/ on line \d+/, ''));
      });
      if (total > MAX_CHARACTERS) fail(field, `is too long: at most ${MAX_CHARACTERS.toLocaleString('en-US')} characters in all`);
      else
        lines = (input.lines as unknown[])
          .map((item, i) => ({ line: i + 1, input: typeof item === 'string' ? item.replace(/\s+/g, ' ').trim() : '' }))
          .filter((l) => l.input !== '');
    }
  } else {
    fail('text', "can't be blank: send the recipe as text (one ingredient a line) or as lines");
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { lines, language };
}
