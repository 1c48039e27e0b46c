// Cell text <-> field values (docs/api.md#spreadsheet-imports): what an export writes, an import reads back as it was,
// formulas are escaped on the way out and refused on the way in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedNumber } from '../../../src/lib/printed-number.js';
import { escapeText, readCell, writeCell } from '../../../src/services/spreadsheets/cells.js';
import { sameValue } from '../../../src/services/spreadsheets/rows.js';
import { columnLetters } from '../../../src/services/spreadsheets/xlsx-writer.js';

const text = (t: string) => ({ text: t, formula: false });
// A fixed seed, so that the suite gives the same answer every run; FC_SEED=<n> explores others
// (a seed that finds a bug becomes a regression test, as 1740531493 did).
const RUN = { seed: Number(process.env.FC_SEED ?? 20261124), numRuns: Number(process.env.FC_RUNS ?? 1000) };

describe('cells', () => {
  it('reads any text an export wrote back unchanged, formula-like text included', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (value) => {
        fc.pre(value.trim() !== '');
        const written = writeCell(value, 'text') as string;
        expect(/^[=+\-@\t\r]/.test(written)).toBe(false);
        expect(readCell(text(written), 'text', ',')).toEqual({ ok: true, value });
      }),
      RUN,
    );
  });

  it('writes any number as responses print it (10 significant digits), and reads that back as the same value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const written = writeCell(value, 'number');
        expect(written).toBe(printedNumber(value));
        const read = readCell(text(String(written)), 'number', ',');
        expect(read).toEqual({ ok: true, value: Object.is(value, -0) ? 0 : printedNumber(value) });
        expect(sameValue((read as { value: number }).value, value)).toBe(true);
      }),
      RUN,
    );
  });

  it('escapes =, +, -, @ and an apostrophe before them; plain text stays as it is', () => {
    expect(['=1+2', '+1', '-x', '@SUM(A1)', "'=x", 'Flour', "O'Brien"].map(escapeText)).toEqual([
      "'=1+2",
      "'+1",
      "'-x",
      "'@SUM(A1)",
      "''=x",
      'Flour',
      "O'Brien",
    ]);
  });

  it('refuses formulas: unescaped = text and XLSX formula cells', () => {
    expect(readCell(text('=HYPERLINK("http://x","y")'), 'text', ',')).toMatchObject({
      ok: false,
      message: expect.stringContaining('formula'),
    });
    expect(readCell({ text: '', formula: true }, 'number', ',')).toMatchObject({ ok: false });
  });

  it('reads a decimal comma in ;-separated files only, and says how to fix it otherwise', () => {
    expect(readCell(text('1,5'), 'number', ';')).toEqual({ ok: true, value: 1.5 });
    expect(readCell(text('1,5'), 'number', ',')).toEqual({
      ok: false,
      message: '"1,5" uses a decimal comma: write it with a point (1.5), or save the file with ; as separator',
    });
    expect(readCell(text('1,5'), 'number', null)).toMatchObject({ ok: false });
  });

  it('blank cells: text and numbers are null (unknown, never zero); counts, booleans and JSON are not sent', () => {
    expect(readCell(text(' '), 'number', ',')).toEqual({ ok: true, value: null });
    expect(readCell(text(''), 'text', ',')).toEqual({ ok: true, value: null });
    for (const type of ['count', 'boolean', 'json', 'id', 'allergens'] as const)
      expect(readCell(text(''), type, ',')).toEqual({ ok: true, value: undefined });
  });

  it('allergens, booleans and ids as a person types them', () => {
    expect(readCell(text('milk; tree_nut: almond, pecan'), 'allergens', ',')).toEqual({
      ok: true,
      value: { milk: true, tree_nut: 'almond, pecan' },
    });
    expect(writeCell({ milk: true, tree_nut: 'almond, pecan' }, 'allergens')).toBe('milk; tree_nut: almond, pecan');
    expect(readCell(text('Yes'), 'boolean', ',')).toEqual({ ok: true, value: true });
    expect(readCell(text('maybe'), 'boolean', ',')).toMatchObject({ ok: false });
    expect(readCell(text('2147483648'), 'id', ',')).toMatchObject({ ok: false });
  });

  it('names XLSX columns A..Z, AA..', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
