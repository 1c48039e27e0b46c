// Amounts of money as people type them (docs/api.md#import-prices): currency signs, thousands
// separators, and one decimal mark per column, decided from the column's values or the file's
// convention. Table-driven, both sides of every rule.
import { printedNumber } from '../../../src/lib/printed-number.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCell, writeCell } from '../../../src/services/spreadsheets/cells.js';
import { decideMoneyColumn, readMoney, type DecimalMark } from '../../../src/services/spreadsheets/money.js';

const RUN = { seed: Number(process.env.FC_SEED ?? 20261124), numRuns: Number(process.env.FC_RUNS ?? 1000) };
const cells = (...texts: string[]) => texts.map((text, i) => ({ row: i + 2, text }));

describe('money', () => {
  it.each([
    // [text, column's decimal mark, value]
    ['$1,152.50', '.', 1152.5],
    ['1.152,50 €', ',', 1152.5],
    ['1 152,50 €', ',', 1152.5],
    ['1 152 €', '.', 1152],
    ['1.5e3', ',', 1500],
    ['1\u202F152,50\u00A0€', ',', 1152.5],
    ['EUR 12,40', ',', 12.4],
    ['12.40 USD', '.', 12.4],
    ['US$3', '.', 3],
    ['£0.99', '.', 0.99],
    ['-$5.25', '.', -5.25],
    ['$-5.25', '.', -5.25],
    ['1,152,000', '.', 1152000],
    ['1.152.000', ',', 1152000],
    ['2.4', '.', 2.4],
    ['0,125', ',', 0.125],
    ['1e-7', '.', 1e-7],
    ['1152', ',', 1152],
    ['12.', '.', 12],
    // One mark followed by three digits: read with the column's mark, whichever it is.
    ['1,152', '.', 1152],
    ['1,152', ',', 1.152],
    ['1.152', '.', 1.152],
    ['1.152', ',', 1152],
    // A mark that cannot separate thousands is the decimal mark, whatever the column says.
    ['0.125', ',', 0.125],
    ['1152.500', ',', 1152.5],
    ['2,5', '.', 2.5],
  ] as const)('%s with a decimal %s column is %s', (text, decimal, value) => {
    expect(readMoney(text, { decimal })).toEqual({ ok: true, value });
  });

  it.each(['abc', '$', '1,15,2', '12,34.5,6', '1 15,5', '$12 €', '1..2', '1,2345,678'])('%s is not an amount', (text) => {
    expect(readMoney(text, { decimal: '.' })).toEqual({ ok: false, message: expect.stringContaining('is not an amount') });
  });

  it.each([
    // [cells of a column, file convention, decided mark]
    [['$1,152.50', '$3'], '.', '.'],
    [['1,152', '2,50'], '.', ','],
    [['1,152', '2.50'], ',', '.'],
    [['1,152,000', '4'], ',', '.'],
    [['1,152', '3'], ',', ','],
    [['1,152', '3'], '.', '.'],
    [[], ',', ','],
  ] as const)('the column %j in a file of decimal %s is read with a decimal %s', (texts, file, decimal) => {
    expect(decideMoneyColumn(cells(...texts), file as DecimalMark)).toEqual({ decimal, refused: new Map() });
  });

  it('a column showing both marks, or two currencies: the rows that disagree with the first are refused', () => {
    const decided = decideMoneyColumn(cells('$2.50', '$1.152,50', '$3', '€4'), '.');
    expect(decided.decimal).toBe('.');
    expect([...decided.refused.entries()]).toEqual([
      [3, '"$1.152,50" is written with a decimal comma but row 2 ("$2.50") with a decimal point: one column, one way of writing decimals'],
      [5, 'is in € but row 2 is in $: one column, one currency'],
    ]);
  });

  // Exports print at most 10 significant digits (docs/api.md#responses): what comes back is the number as printed.
  it('reads any number an export wrote back as printed (a ,-separated file, no other value in the column)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const written = String(writeCell(value, 'money'));
        const column = decideMoneyColumn(cells(written), '.');
        expect(readCell({ text: written, formula: false }, 'money', ',', column)).toEqual({
          ok: true,
          value: printedNumber(value) || 0,
        });
      }),
      RUN,
    );
  });

  it('an XLSX number cell is the number, whatever the column decided', () => {
    expect(readCell({ text: '1.125', formula: false, numeric: true }, 'money', null, { decimal: ',' })).toEqual({ ok: true, value: 1.125 });
  });
});
