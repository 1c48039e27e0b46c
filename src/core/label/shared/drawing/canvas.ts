// What a label's layout draws on. A market's layouts (its formats' and its front-of-pack drawing's) are
// pure geometry: where each rule, box and line of text goes, in label units (1 unit = 1 point, the unit
// the regulations give type sizes and rule weights in). They measure text through the canvas and draw
// on it; src/render supplies the canvas (an SVG writer over the font's own metrics) and turns the
// drawing into SVG, PNG and PDF. So a market keeps its layouts in its own folder, and render never
// needs to know which markets exist.

/** The faces of the label font: Arimo regular, bold, italic, and black for the FDA heading. */
export type FontFace = 'regular' | 'bold' | 'italic' | 'black';

export type Anchor = 'start' | 'middle' | 'end';

export interface TextStyle {
  size: number;
  face?: FontFace;
  anchor?: Anchor;
  /** Paint other than the document's black (e.g. white words on a black bar). */
  fill?: string;
}

/** Fill and stroke of a path; a path with neither is filled black like everything else. */
export interface Paint {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  linecap?: 'butt' | 'round' | 'square';
}

/** A piece of text in one face; `key` tags the nutrient row it belongs to (linear labels). */
export interface Run {
  text: string;
  face: FontFace;
  key?: string;
}

export interface PlacedRun extends Run {
  x: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Drawing calls, in label units; the order of the calls is the order of the drawing. */
export interface Pen {
  text(x: number, y: number, text: string, style: TextStyle): void;
  /** Runs already placed on one line (see TextMeasure.wrapRuns); runs with a key go in a data-key group. */
  line(y: number, runs: PlacedRun[], size: number): void;
  /** A filled black bar. */
  rect(x: number, y: number, width: number, height: number): void;
  /** A rectangle in a colour of its own; `opacity` 0 to 1. */
  fillRect(x: number, y: number, width: number, height: number, fill: string, opacity?: number): void;
  /** A horizontal rule whose top edge is at y. */
  rule(x1: number, x2: number, y: number, weight: number): void;
  /** An unfilled box with its stroke centred on the given edges. */
  box(x: number, y: number, width: number, height: number, weight: number): void;
  /** Any outline given as SVG path data in label units. */
  path(d: string, paint?: Paint): void;
  /** A group tests and clients find by data-key (a nutrient row, a part of a symbol), with data-* attributes. */
  open(dataKey: string, attributes?: Record<string, string>): void;
  /** A group by class ("heading", "footnote", "statements"). */
  openClass(className: string): void;
  close(): void;
}

/** The font's measures, as the renderer that draws the text takes them. */
export interface TextMeasure {
  /** Width of a string in label units at a size. */
  textWidth(text: string, face: FontFace, size: number): number;
  /** Ascent (above the baseline) and descent (below, positive) of a face at a size. */
  lineMetrics(face: FontFace, size: number): { ascent: number; descent: number };
  /** Greedy line breaking of mixed-face runs at spaces: each line's runs with x offsets from 0. */
  wrapRuns(runs: Run[], size: number, width: number): PlacedRun[][];
  /** Runs one after another on a line from x; spaces at run edges become offsets. */
  placeRuns(runs: Run[], size: number, x: number): { runs: PlacedRun[]; end: number };
}

export interface LabelCanvas extends Pen, TextMeasure {}
