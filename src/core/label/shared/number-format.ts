// How numbers are written on each label style. FDA labels write "8g", "1,250mg" (US digit grouping,
// as FDA's own footnote writes "2,000 calories"); Canadian labels follow SI style: no separator in
// four-digit numbers ("2300 mg"), a space from five digits; French uses a decimal comma ("0,5 g",
// docs/labeling.md#canada-layout / docs/labeling.md#decisions #11).
import { dec, type Numeric } from './decimal-round.js';

export type NumberStyle = 'us' | 'ca_en' | 'ca_fr';

export function formatNumber(value: Numeric, style: NumberStyle): string {
  const text = dec(value).toFixed();
  const [intPart, fracPart] = text.split('.') as [string, string | undefined];
  const negative = intPart.startsWith('-');
  const digits = negative ? intPart.slice(1) : intPart;
  let grouped = digits;
  if (style === 'us' && digits.length >= 4) grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  else if (style !== 'us' && digits.length >= 5) grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const decimalMark = style === 'ca_fr' ? ',' : '.';
  return (negative ? '-' : '') + grouped + (fracPart ? decimalMark + fracPart : '');
}

/** "10%" on FDA labels; "10 %" on Canadian ones (Directory of NFt Formats figures, both languages). */
export function formatPercent(value: Numeric, style: NumberStyle): string {
  return style === 'us' ? `${formatNumber(value, style)}%` : `${formatNumber(value, style)} %`;
}

/** Amount with unit: "8g" (FDA, no space, 101.9(d)(12) sample) or "8 g" (Canada). Calories carry no unit. */
export function formatAmount(value: Numeric, unit: string, style: NumberStyle): string {
  const n = formatNumber(value, style);
  if (unit === 'kcal' || unit === '') return n;
  return style === 'us' ? `${n}${unit}` : `${n} ${unit}`;
}
