// The words of the nutrition symbol, FDR Schedule K.1 and the table to B.01.352 ("Saturated fat
// (Sat fat)"): heading, the three bars in the regulation's order, and the signature. Bilingual
// symbols put English first (B.01.351(5) allows the reverse; we keep Schedule K.1's order).

import type { FrontOfPack } from '../shared/model.js';

export type SymbolNutrient = FrontOfPack['high_in'][number];
export type SymbolLanguage = 'en-CA' | 'fr-CA' | 'bilingual';

/** Bars top to bottom: the order of the table to B.01.350 and of every Schedule K.1 figure. */
export const SYMBOL_NUTRIENTS: readonly SymbolNutrient[] = ['saturated_fat', 'sugars', 'sodium'];

interface Words {
  heading: string;
  bars: Record<SymbolNutrient, string>;
  footer: string;
}

const ENGLISH: Words = {
  heading: 'High in',
  bars: { saturated_fat: 'Sat fat', sugars: 'Sugars', sodium: 'Sodium' },
  footer: 'Health Canada',
};
const FRENCH: Words = {
  heading: 'Élevé en',
  bars: { saturated_fat: 'Gras sat.', sugars: 'Sucres', sodium: 'Sodium' },
  footer: 'Santé Canada',
};

/**
 * The lines of each element, English before French on bilingual symbols. A word the two languages
 * share ("Sodium") is printed once, as in Schedule K.1's bilingual figures.
 */
export interface SymbolWording {
  heading: string[];
  bars: Record<SymbolNutrient, string[]>;
  footer: string[];
}

function both(en: string, fr: string): string[] {
  return en === fr ? [en] : [en, fr];
}

export function symbolWording(language: SymbolLanguage): SymbolWording {
  if (language !== 'bilingual') {
    const w = language === 'fr-CA' ? FRENCH : ENGLISH;
    return {
      heading: [w.heading],
      bars: { saturated_fat: [w.bars.saturated_fat], sugars: [w.bars.sugars], sodium: [w.bars.sodium] },
      footer: [w.footer],
    };
  }
  return {
    heading: both(ENGLISH.heading, FRENCH.heading),
    bars: {
      saturated_fat: both(ENGLISH.bars.saturated_fat, FRENCH.bars.saturated_fat),
      sugars: both(ENGLISH.bars.sugars, FRENCH.bars.sugars),
      sodium: both(ENGLISH.bars.sodium, FRENCH.bars.sodium),
    },
    footer: both(ENGLISH.footer, FRENCH.footer),
  };
}

/** Horizontal bilingual symbols join the two wordings on one line: "High in / Élevé en". */
export const joinLine = (lines: string[]): string => lines.join(' / ');
