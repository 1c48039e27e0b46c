// SR28's ASCII records and nutrient numbers (src/core/usda/sr28.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FDC_SOURCES } from '../../../src/core/usda/nutrient-map.js';
import { parseSrRecord, SR28_NUTRIENT_IDS, srAmount, srPortion, srUnit } from '../../../src/core/usda/sr28.js';
import { F2023 } from '../../support/usda-data.js';

describe('parseSrRecord', () => {
  it.each([
    ['~01001~^~0100~^~Butter, salted~^~BUTTER,WITH SALT~^~~^~~^~Y~^~~^0^~~^6.38^4.27^8.79^3.87', 14, ['01001', '0100', 'Butter, salted']],
    ['~01001~^~203~^0.85^16^0.074^~1~^~~^~~^~~^^^^^^^~~^11/1976^', 18, ['01001', '203', '0.85', '16']],
    ['~01001~^1^1^~pat (1" sq, 1/3" high)~^5.0^^', 7, ['01001', '1', '1', 'pat (1" sq, 1/3" high)', '5.0', '', '']],
    ['~0100~^~Dairy and Egg Products~\r', 2, ['0100', 'Dairy and Egg Products']],
    ['~a^b~^~c~', 2, ['a^b', 'c']],
  ])('%s: %i fields', (line, count, start) => {
    const record = parseSrRecord(line)!;
    expect(record).toHaveLength(count);
    expect(record.slice(0, start.length)).toEqual(start);
  });

  it.each([['~01001^~0100~'], ['~01001~x^1']])('%s: malformed, null', (line) => {
    expect(parseSrRecord(line)).toBeNull();
  });
});

describe('units, amounts and measures', () => {
  it.each([
    ['µg', 'UG'],
    ['mg', 'MG'],
    ['g', 'G'],
    ['kcal', 'KCAL'],
    ['IU', 'IU'],
  ])('%s -> %s', (unit, expected) => expect(srUnit(unit)).toBe(expected));

  it('a blank or negative value is no value', () => {
    expect(srAmount('', 'G')).toBeUndefined();
    expect(srAmount('-1', 'G')).toBeUndefined();
    expect(srAmount('0', 'G')).toEqual({ amount: 0, unit: 'G' });
  });

  it('a WEIGHT record is a portion in the free-text slot', () => {
    expect(srPortion(['01001', '3', '1', 'cup', '227', '', ''])).toMatchObject({ amount: 1, modifier: 'cup', gramWeight: 227, seqNum: 3 });
    expect(srPortion(['01001', '3', '1', 'cup', '0', '', ''])).toBeUndefined();
  });
});

describe('SR28 nutrient numbers', () => {
  it('every number maps to an FDC id the library reads', () => {
    const read = new Set(Object.values(FDC_SOURCES).flat());
    for (const id of Object.values(SR28_NUTRIENT_IDS)) expect(read.has(id), String(id)).toBe(true);
  });

  it('equal nutrient.csv nutrient_nbr of the 2023 release', () => {
    const rows = parse(readFileSync(join(F2023, 'nutrient.csv')), { columns: true, bom: true }) as Array<Record<string, string>>;
    const byId = new Map(rows.map((r) => [Number(r.id), r.nutrient_nbr!]));
    for (const [number, id] of Object.entries(SR28_NUTRIENT_IDS)) expect(byId.get(id), `${number} -> ${id}`).toBe(number);
  });
});
