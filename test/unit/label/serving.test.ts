import { describe, it, expect } from 'vitest';
import {
  fdaMetricServing,
  fdaServingsPerContainer,
  fdaServingsStatement,
  caServingsStatement,
  fdaServingSize,
  caServingSize,
  frenchHousehold,
} from '../../../src/core/label/shared/serving.js';

describe('FDA serving size', () => {
  it.each([
    [1.94, 1.9],
    [1.95, 2],
    [2, 2],
    [2.24, 2],
    [2.25, 2.5],
    [5, 5],
    [5.01, 5],
    [5.5, 6],
    [54.6, 55],
  ])('metric %s g -> %s g', (value, expected) => {
    expect(fdaMetricServing(value).toNumber()).toBe(expected);
  });
  it('statement', () => {
    expect(fdaServingSize('2/3 cup', 55, null).display).toBe('2/3 cup (55g)');
    expect(fdaServingSize('1 cup', 245, 240).display).toBe('1 cup (240mL)');
    expect(fdaServingSize(null, 28.4, null).display).toBe('28g');
  });
});

describe('servings per container, 101.9(b)(8)(i)', () => {
  it.each([
    [1, 1, '1 serving per container'],
    [1.4, 1, 'about 1 serving per container'],
    [1.5, 2, 'about 2 servings per container'],
    [1.99, 2, 'about 2 servings per container'],
    [2.24, 2, 'about 2 servings per container'],
    [2.25, 2.5, 'about 2.5 servings per container'],
    [2.5, 2.5, '2.5 servings per container'],
    [5, 5, '5 servings per container'],
    [5.2, 5, 'about 5 servings per container'],
    [5.5, 6, 'about 6 servings per container'],
    [8, 8, '8 servings per container'],
  ])('%s -> %s "%s"', (value, expected, display) => {
    expect(fdaServingsPerContainer(value).toNumber()).toBe(expected);
    expect(fdaServingsStatement(value).display).toBe(display);
  });
  it('Canada, English and French (B.01.402 item 1)', () => {
    expect(caServingsStatement(7.6, 'en').display).toBe('about 8 servings per container');
    expect(caServingsStatement(2.5, 'fr').display).toBe('2,5 portions par contenant');
    expect(caServingsStatement(1, 'fr').display).toBe('1 portion par contenant');
    expect(caServingsStatement(3.2, 'fr').display).toBe('environ 3 portions par contenant');
  });
});

describe('Canadian serving statement', () => {
  it('"Per 1 cup (250 mL)" / "pour 1 tasse (250 mL)"', () => {
    const s = caServingSize('1 cup', 258, 250.3);
    expect(s.display).toBe('Per 1 cup (250 mL)');
    expect(s.display_fr).toBe('pour 1 tasse (250 mL)');
    expect(s.unit).toBe('mL');
    expect(s.grams.toNumber()).toBe(258);
  });
  it('grams below 10 keep one decimal', () => {
    expect(caServingSize(null, 7.45, null).display).toBe('Per 7.5 g');
    expect(caServingSize(null, 7.45, null).display_fr).toBe('pour 7,5 g');
  });
  it.each([
    ['2 tbsp', '2 c. à soupe'],
    ['1 tsp', '1 c. à thé'],
    ['1/2 cup', '1/2 tasse'],
    ['2 cups', '2 tasses'],
    ['1.5 cups', '1,5 tasse'],
    ['1 1/2 cups', '1 1/2 tasse'],
    ['2/3 cup', '2/3 tasse'],
    ['3 tbsp', '3 c. à soupe'],
    ['1 slice', '1 tranche'],
    ['3 cookies', '3 biscuits'],
  ])('French household "%s" -> "%s"', (en, fr) => {
    expect(frenchHousehold(en)).toEqual({ text: fr, translated: true });
  });
  it('unknown measure words stay as written', () => {
    expect(frenchHousehold('1 wrap')).toEqual({ text: '1 wrap', translated: false });
  });
});
