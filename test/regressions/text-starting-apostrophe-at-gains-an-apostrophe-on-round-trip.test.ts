// Regression: text such as "'@" (an apostrophe, then a formula character) was exported as "''@"
// but read back as "''@": only one level of apostrophe was ever escaped or unescaped, so an
// export and re-import of the same data changed it. Found by the cells property test (seed
// 1740531493). The rule now escapes any run of apostrophes before a formula start, both ways.
import { describe, expect, it } from 'vitest';
import { escapeText, readCell, writeCell } from '../../src/services/spreadsheets/cells.js';

const roundTrip = (value: string) => readCell({ text: writeCell(value, 'text') as string, formula: false }, 'text', ',');

describe('text starting with an apostrophe and a formula character', () => {
  it.each(["'@", "''=x", "'''+1", "'-", "'\t"])('%j comes back unchanged', (value) => {
    expect(roundTrip(value)).toEqual({ ok: true, value });
  });

  it('gains exactly one apostrophe on the way out', () => {
    expect(["'@", "''=x", "'x", "''"].map(escapeText)).toEqual(["''@", "'''=x", "'x", "''"]);
  });

  it("still reads a user's '=x as the text =x", () => {
    expect(readCell({ text: "'=x", formula: false }, 'text', ',')).toEqual({ ok: true, value: '=x' });
  });
});
