// Cost dates (docs/api.md#costs): effective_at and ?cost_date are calendar dates, YYYY-MM-DD, checked against
// the real calendar (2026-02-30 is not a date). "Today" is the current UTC date.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date as YYYY-MM-DD when it is a real calendar date, else undefined. */
export function parseCostDate(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  const match = DATE.exec(trimmed);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  return day <= daysInMonth(year, month) ? trimmed : undefined;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export const DATE_MESSAGE = 'must be a date written YYYY-MM-DD (a real calendar date)';
