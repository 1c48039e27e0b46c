// USDA National Nutrient Database for Standard Reference, Release 28 (2015), as USDA ships it in ASCII
// (SR28 documentation, "Relational Files" and "ASCII files"): one record a line, fields separated by
// carets (^), text fields enclosed in tildes (~), an empty field empty; latin-1 bytes. Each food is an
// NDB_No; nutrients per 100 g of edible portion (NUT_DATA), household measures with their grams
// (WEIGHT). This module reads records and turns a food into the FDC terms the library rules take
// (release.ts): nutrient numbers become FDC nutrient ids, measures become portions. Pure.
import type { FdcAmount } from './nutrient-map.js';
import type { FdcPortion } from './portions.js';
import { NUTRIENT, UNIT_WEIGHT, rangeError } from '../bounds.js';

export const SR28_TITLE = 'USDA National Nutrient Database for Standard Reference, Release 28';

/** The files of the release this importer reads (FOOD_DES, NUT_DATA, NUTR_DEF, FD_GROUP, WEIGHT). */
export const SR28_FILES = ['FOOD_DES.txt', 'NUT_DATA.txt', 'NUTR_DEF.txt', 'FD_GROUP.txt', 'WEIGHT.txt'] as const;

/** The ingredient's `source`: "usda-sr28:01001" (NDB_No as USDA writes it, five digits). */
export function sr28Source(ndbNo: string): string {
  return `usda-sr28:${ndbNo}`;
}

/**
 * Splits one record: `~01001~^~0100~^~Butter, salted~^^0.85` -> ["01001", "0100", "Butter, salted", "", "0.85"].
 * A caret inside a tilde-quoted text is part of the text. Returns null for a malformed record (a
 * text field left open, or text after its closing tilde).
 */
export function parseSrRecord(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  for (;;) {
    if (text[i] === '~') {
      const close = text.indexOf('~', i + 1);
      if (close < 0) return null;
      fields.push(text.slice(i + 1, close));
      i = close + 1;
      if (i < text.length && text[i] !== '^') return null;
    } else {
      const next = text.indexOf('^', i);
      fields.push(text.slice(i, next < 0 ? text.length : next));
      i = next < 0 ? text.length : next;
    }
    if (i >= text.length) return fields;
    i++; // the caret
    if (i === text.length) {
      fields.push('');
      return fields;
    }
  }
}

/**
 * SR28 Nutr_No -> FDC nutrient id, for the nutrients the library carries (FDC kept SR's numbers as
 * nutrient.csv's nutrient_nbr; test/unit/usda/sr28.test.ts checks this table against it).
 */
export const SR28_NUTRIENT_IDS: Readonly<Record<string, number>> = {
  '203': 1003,
  '204': 1004,
  '205': 1005,
  '207': 1007,
  '208': 1008,
  '209': 1009, // starch (label row of EU labels)
  '221': 1018, // alcohol, ethyl (energy of EU and ANZ labels)
  '255': 1051,
  '269': 2000,
  '291': 1079,
  '301': 1087,
  '303': 1089,
  '304': 1090,
  '305': 1091,
  '306': 1092,
  '307': 1093,
  '309': 1095,
  '312': 1098,
  '315': 1101,
  '317': 1103,
  '318': 1104,
  '319': 1105,
  '320': 1106,
  '321': 1107,
  '322': 1108,
  '323': 1109,
  '324': 1110,
  '328': 1114,
  '334': 1120,
  '337': 1122,
  '338': 1123,
  '401': 1162,
  '404': 1165,
  '405': 1166,
  '406': 1167,
  '410': 1170,
  '415': 1175,
  '417': 1177,
  '418': 1178,
  '421': 1180,
  '430': 1185,
  '431': 1186,
  '432': 1187,
  '435': 1190,
  '501': 1210,
  '502': 1211,
  '503': 1212,
  '504': 1213,
  '505': 1214,
  '506': 1215,
  '507': 1216,
  '508': 1217,
  '509': 1218,
  '510': 1219,
  '511': 1220,
  '512': 1221,
  '513': 1222,
  '514': 1223,
  '515': 1224,
  '516': 1225,
  '517': 1226,
  '518': 1227,
  '601': 1253,
  '605': 1257,
  '606': 1258,
  '645': 1292,
  '646': 1293,
};

/** NUTR_DEF's Units in FDC's spelling: "µg" (latin-1 0xB5) -> "UG", "mg" -> "MG", "kcal" -> "KCAL". */
export function srUnit(units: string): string {
  const u = units.trim();
  if (u === 'µg' || u === 'μg' || u.toLowerCase() === 'mcg' || u.toLowerCase() === 'ug') return 'UG';
  return u.toUpperCase();
}

/**
 * A number as USDA's files write it: decimal digits with an optional fraction. `Number()` alone also
 * read "0x10" as 16, "1e308", " Infinity" or "0b1": a library value is held to what a client may send.
 */
const DECIMAL = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/;

/** The decimal number `text` writes, or null when it is not one (blank included). */
export function decimalNumber(text: string): number | null {
  return DECIMAL.test(text) ? Number(text) : null;
}

/**
 * One NUT_DATA value: undefined when the field is blank; else the amount, or why it was refused (not a
 * decimal number, or outside the range a client may write: docs/api.md#number-ranges).
 */
export function srValue(value: string, unit: string): { amount: FdcAmount } | { refused: string } | undefined {
  if (value.trim() === '') return undefined;
  const amount = decimalNumber(value);
  const shown = JSON.stringify(value.trim().slice(0, 40));
  if (amount === null) return { refused: `${shown} is not a decimal number` };
  if (rangeError(amount, NUTRIENT)) return { refused: `${shown} is outside ${NUTRIENT.min} to ${NUTRIENT.max.toLocaleString('en-US')}` };
  return { amount: { amount, unit } };
}

/** One NUT_DATA value, or undefined when the field is blank or refused (srValue says why). */
export function srAmount(value: string, unit: string): FdcAmount | undefined {
  const read = srValue(value, unit);
  return read !== undefined && 'amount' in read ? read.amount : undefined;
}

/**
 * One WEIGHT record (NDB_No, Seq, Amount, Msre_Desc, Gm_Wgt, ...) as a portion: "1" "cup" 227 g ->
 * "1 cup". The measure's words are free text, so it goes where FDC puts free text (portions.ts reads it).
 */
export function srPortion(record: readonly string[]): FdcPortion | undefined {
  const seq = Number(decimalNumber(record[1] ?? '') ?? Number.NaN);
  const amount = Number(decimalNumber(record[2] ?? '') ?? Number.NaN);
  const grams = decimalNumber(record[4] ?? '') ?? Number.NaN;
  if (rangeError(grams, UNIT_WEIGHT)) return undefined;
  const measure = (record[3] ?? '').trim();
  if (!Number.isFinite(seq) || !measure || !(grams > 0)) return undefined;
  return {
    id: seq,
    seqNum: seq,
    amount: Number.isFinite(amount) && amount > 0 ? amount : 1,
    unitName: 'undetermined',
    modifier: measure,
    portionDescription: '',
    gramWeight: grams,
  };
}
