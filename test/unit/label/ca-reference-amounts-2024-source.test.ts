// Health Canada's Table of Reference Amounts for Food (October 18, 2024) as the product holds it: every
// row compared with the CSV of the table beside the repository (../shared/data/health-canada-reference-
// amounts), every row's words found in the page's text, and the rows a bakery relies on checked by
// hand against that text (the item, Column 2, the 3A/3B serving cases). The table's files are not
// part of the repository: vitest.config.ts leaves this file out, saying so, where they are absent.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rowsNotInSource, tableRows } from '../../../scripts/ca-reference-amounts.js';
import { CA_TABLE_2024 } from '../../../src/core/label/reference-amounts/ca-table-2024.js';

const FOLDER = '../shared/data/health-canada-reference-amounts';
const CSV = `${FOLDER}/rows.csv`;
const SOURCE = `${FOLDER}/source.txt`;

describe("Health Canada's table of reference amounts (2024) against the shared CSV and page text", () => {
  it('holds every row of the CSV, 238 rows of 190 items, each as the CSV gives it', () => {
    const rows = tableRows(readFileSync(CSV, 'utf8'));
    expect(rows).toHaveLength(238);
    expect(new Set(rows.map((r) => r.item)).size).toBe(190);
    expect(CA_TABLE_2024).toEqual(rows);
  });

  it("finds every row's Column 1 and Column 2 words in the page's text", () => {
    expect(rowsNotInSource(CA_TABLE_2024, readFileSync(SOURCE, 'utf8'))).toEqual([]);
  });

  // The rows the bakery's products use, read against the text (line by line: item, Column 1, Column 2).
  it.each([
    ['A.1', 'Bread, including garlic bread', '75 g'],
    ['A.4', 'Brownies, dessert squares and bars', '40 g'],
    ['A.5', 'Heavy weight cake: 10 g or more per 2.5 cm cube', '125 g'],
    ['A.6', 'Medium weight cake: 4 g or more per 2.5 cm cube', '80 g'],
    ['A.9', 'Muffins', '110 g'],
    ['A.10', 'Cookies, with or without coating or filling', '30 g'],
    ['U.15', 'Syrups used as ingredients', '30 mL'],
  ])('item %s reads in the text as "%s" with %s', (item, category, amount) => {
    const text = readFileSync(SOURCE, 'utf8').replace(/\s+/g, ' ');
    expect(text).toContain(` ${item} ${category}`);
    const at = text.indexOf(` ${item} ${category}`);
    const next = text.slice(at).search(/ [A-X]\.\d+ (?=[A-Z])/);
    expect(text.slice(at, at + (next > 0 ? next : 2000))).toContain(` ${amount} `);
  });
});
