// Amounts of money as people type them in spreadsheets (docs/api.md#import-prices): a currency sign
// or code before or after the number ("$1,152.50", "1.152,50 €", "EUR 12", "US$3"), thousands
// separators (",", "." or spaces), a decimal point or a decimal comma. The currency is not stored
// (prices are in the account's currency); one file's column may not mix two currencies.
//
// Which mark is the decimal one is decided once per column, never per cell, so that one column is
// never read two ways:
// 1. A value that shows its decimal mark decides it: both marks ("1,152.50": the last is the decimal
//    mark), one mark repeated ("1,152,000": a thousands separator, so the other is decimal), or one
//    mark that cannot separate thousands ("2.5", "0,125", "1152,50": not followed by exactly three
//    digits, or after a group that is not one to three digits without a leading zero). Values that
//    show different marks in one column are an error on each row that disagrees with the first.
// 2. A column with no such value takes the file's convention: a comma for a `;`-separated CSV (what
//    decimal-comma locales save), a point for a `,`-separated CSV and for XLSX text cells.
// A value that could be read either way ("1,152", "1.152": one mark followed by three digits) is read
// with the column's mark: "1,152" is 1152 in a point column and 1.152 in a comma column.

export type DecimalMark = '.' | ',';

/** A cell's amount, or why it is none (a cell result: cells.ts). */
export type MoneyResult = { ok: true; value: number } | { ok: false; message: string };

/** How one column's amounts are read, decided from all of its cells (decideMoneyColumn). */
export interface MoneyColumn {
  decimal: DecimalMark;
  /** Rows whose cell cannot be read with the column's decision (another decimal mark, another currency), with why. */
  refused: Map<number, string>;
}

type Shape = { kind: 'plain' } | { kind: 'shows'; decimal: DecimalMark } | { kind: 'ambiguous' };

interface Amount {
  negative: boolean;
  currency: string | null;
  /** Digits and separators only. */
  body: string;
}

const SYMBOL = '[$€£¥₹]';
const LEADING_CURRENCY = new RegExp(`^(?:([A-Z]{0,3}${SYMBOL})|([A-Z]{3})(?=[\\s\\d.,+-]))\\s*`);
const TRAILING_CURRENCY = new RegExp(`\\s*(${SYMBOL}|(?<![A-Za-z])[A-Z]{3})$`);
/** Spaces that group thousands: ordinary, no-break, narrow no-break (French) and thin. */
const GROUP_SPACES = /[ \u00A0\u202F\u2009]/g;
const HAS_GROUP_SPACE = /[ \u00A0\u202F\u2009]/;
const EXPONENT_NUMBER = /^(\d+(\.\d*)?|\.\d+)[eE][-+]?\d+$/;

/** The sign, currency and number of a cell's text; null when it is not shaped like an amount. */
function amountOf(text: string): Amount | null {
  let rest = text.trim();
  let negative = false;
  const takeSign = () => {
    if (/^[-+]/.test(rest)) {
      negative = rest[0] === '-';
      rest = rest.slice(1).trimStart();
      return true;
    }
    return false;
  };
  const signedFirst = takeSign();
  let currency: string | null = null;
  const leading = LEADING_CURRENCY.exec(rest);
  if (leading) {
    currency = leading[1] ?? leading[2] ?? null; // one of the two groups takes part in a match
    rest = rest.slice(leading[0].length);
    if (!signedFirst) takeSign();
  }
  const trailing = TRAILING_CURRENCY.exec(rest);
  if (trailing) {
    if (currency !== null) return null;
    currency = trailing[1] ?? null; // the one group takes part in a match
    rest = rest.slice(0, trailing.index);
  }
  const number = EXPONENT_NUMBER.test(rest) || (/^[\d.,]/.test(rest) && /^[\d., \u00A0\u202F\u2009]*$/.test(rest) && /\d/.test(rest));
  return number ? { negative, currency, body: rest } : null;
}

const other = (mark: DecimalMark): DecimalMark => (mark === '.' ? ',' : '.');
const escaped = (mark: string) => (mark === '.' ? '\\.' : mark);

/** What a number's separators say of its decimal mark; null when it is not a well-formed number. */
function shapeOf(body: string): Shape | null {
  if (HAS_GROUP_SPACE.test(body)) {
    // Spaces group thousands; the one mark left, if any, is the decimal mark.
    const match = /^\d{1,3}(?:[ \u00A0\u202F\u2009]\d{3})+(?:([.,])\d+)?$/.exec(body);
    if (!match) return null;
    return match[1] ? { kind: 'shows', decimal: match[1] as DecimalMark } : { kind: 'plain' };
  }
  if (EXPONENT_NUMBER.test(body)) return { kind: 'plain' };
  const marks = body.replace(/\d/g, '');
  if (marks === '') return /^\d+$/.test(body) ? { kind: 'plain' } : null;
  if (marks.includes('.') && marks.includes(',')) {
    const decimal = marks.at(-1) as DecimalMark;
    const grouped = new RegExp(`^\\d{1,3}(?:${escaped(other(decimal))}\\d{3})+${escaped(decimal)}\\d+$`);
    return grouped.test(body) ? { kind: 'shows', decimal } : null;
  }
  const mark = marks[0] as DecimalMark;
  if (marks.length > 1) {
    return new RegExp(`^\\d{1,3}(?:${escaped(mark)}\\d{3})+$`).test(body) ? { kind: 'shows', decimal: other(mark) } : null;
  }
  const [whole = '', fraction = ''] = body.split(mark);
  const couldGroup = /^[1-9]\d{0,2}$/.test(whole) && /^\d{3}$/.test(fraction);
  if (fraction === '' && whole === '') return null;
  return couldGroup ? { kind: 'ambiguous' } : { kind: 'shows', decimal: mark };
}

function numberWith(body: string, decimal: DecimalMark): number {
  const digits = body.replace(GROUP_SPACES, '').replaceAll(other(decimal), '').replace(decimal, '.');
  return Number(digits);
}

const quoted = (text: string) => `"${text.trim().slice(0, 40)}"`;
const NOT_AN_AMOUNT =
  'is not an amount: write digits, with a currency sign and thousands separators if you like ("$1,152.50", "1.152,50 €")';
const DECIMAL_NAME: Record<DecimalMark, string> = { '.': 'a decimal point', ',': 'a decimal comma' };

/**
 * How a column's amounts are read: its decimal mark (from the values that show one, else the file's
 * convention) and the rows that disagree with it. `cells` are the column's text cells (typed XLSX
 * numbers are numbers already and take no part).
 */
export function decideMoneyColumn(cells: ReadonlyArray<{ row: number; text: string }>, fileDecimal: DecimalMark): MoneyColumn {
  const refused = new Map<number, string>();
  let decided: { decimal: DecimalMark; row: number; text: string } | null = null;
  let currency: { code: string; row: number } | null = null;
  for (const { row, text } of cells) {
    const amount = amountOf(text);
    if (!amount) continue;
    if (amount.currency !== null) {
      if (currency === null) currency = { code: amount.currency, row };
      else if (currency.code !== amount.currency) {
        refused.set(row, `is in ${amount.currency} but row ${currency.row} is in ${currency.code}: one column, one currency`);
        continue;
      }
    }
    const shape = shapeOf(amount.body);
    if (shape?.kind !== 'shows') continue;
    if (decided === null) decided = { decimal: shape.decimal, row, text };
    else if (decided.decimal !== shape.decimal)
      refused.set(
        row,
        `${quoted(text)} is written with ${DECIMAL_NAME[shape.decimal]} but row ${decided.row} (${quoted(decided.text)}) with ${DECIMAL_NAME[decided.decimal]}: one column, one way of writing decimals`,
      );
  }
  return { decimal: decided?.decimal ?? fileDecimal, refused };
}

/** A money cell's value, read with its column's decimal mark. */
export function readMoney(text: string, column: Pick<MoneyColumn, 'decimal'>): MoneyResult {
  const amount = amountOf(text);
  const shape = amount && shapeOf(amount.body);
  if (!amount || !shape) return { ok: false, message: `${quoted(text)} ${NOT_AN_AMOUNT}` };
  const value =
    shape.kind === 'plain'
      ? Number(amount.body.replace(GROUP_SPACES, ''))
      : numberWith(amount.body, shape.kind === 'shows' ? shape.decimal : column.decimal);
  if (!Number.isFinite(value)) return { ok: false, message: 'must be a finite number' };
  return { ok: true, value: amount.negative ? -value : value };
}
