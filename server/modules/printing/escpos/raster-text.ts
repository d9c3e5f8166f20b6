import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';

/**
 * Indian scripts on thermal paper (docs/printing.md, "Indian scripts"). No ESC/POS code page has
 * Devanagari or the other Brahmic scripts, and their letters join and reorder (conjuncts, the
 * i-matra before its consonant), so Indian POS print such text as a picture. A line that holds
 * one is shaped with HarfBuzz (harfbuzzjs: HarfBuzz compiled to WebAssembly) in the script's
 * Noto Sans font (the @expo-google-fonts packages ship the TTFs, SIL Open Font License), drawn
 * into a 1-bit image the width of the paper, and printed with the printer's raster image
 * command (GS v 0) by receipt-writer.ts. Pure: the same text makes the same dots.
 */

interface ScriptFont {
  name: string;
  /** The script's Unicode block. */
  from: number;
  to: number;
  /** @expo-google-fonts/noto-sans-<package> and its files' stem. */
  package: string;
  stem: string;
}

/**
 * The scripts of India's scheduled languages that Unicode encodes in the Brahmic blocks
 * U+0900–U+0D7F, each with its Noto Sans font. Devanagari's font also draws Latin letters,
 * digits, punctuation and '₹', so the text between Indian words uses it.
 */
const SCRIPTS: readonly ScriptFont[] = [
  { name: 'Devanagari', from: 0x0900, to: 0x097f, package: 'devanagari', stem: 'Devanagari' },
  { name: 'Bengali', from: 0x0980, to: 0x09ff, package: 'bengali', stem: 'Bengali' },
  { name: 'Gurmukhi', from: 0x0a00, to: 0x0a7f, package: 'gurmukhi', stem: 'Gurmukhi' },
  { name: 'Gujarati', from: 0x0a80, to: 0x0aff, package: 'gujarati', stem: 'Gujarati' },
  { name: 'Oriya', from: 0x0b00, to: 0x0b7f, package: 'oriya', stem: 'Oriya' },
  { name: 'Tamil', from: 0x0b80, to: 0x0bff, package: 'tamil', stem: 'Tamil' },
  { name: 'Telugu', from: 0x0c00, to: 0x0c7f, package: 'telugu', stem: 'Telugu' },
  { name: 'Kannada', from: 0x0c80, to: 0x0cff, package: 'kannada', stem: 'Kannada' },
  { name: 'Malayalam', from: 0x0d00, to: 0x0d7f, package: 'malayalam', stem: 'Malayalam' },
];
const NEUTRAL = SCRIPTS[0]!;

/** A text that holds a letter of an Indian script: printed as a picture. */
export const INDIAN_SCRIPT = /[\u0900-\u0d7f]/u;

/** The script whose block holds a code point, or null (Latin, digits, spaces, joiners). */
function scriptOf(codePoint: number): ScriptFont | null {
  return SCRIPTS.find((script) => codePoint >= script.from && codePoint <= script.to) ?? null;
}

const requireFont = createRequire(import.meta.url);
const fonts = new Map<string, hb.Font>();

function fontOf(script: ScriptFont, bold: boolean): hb.Font {
  const weight = bold ? '700Bold' : '400Regular';
  const key = `${script.package}/${weight}`;
  let font = fonts.get(key);
  if (!font) {
    const file = requireFont.resolve(
      `@expo-google-fonts/noto-sans-${script.package}/${weight}/NotoSans${script.stem}_${weight}.ttf`,
    );
    font = new hb.Font(new hb.Face(new hb.Blob(readFileSync(file))));
    fonts.set(key, font);
  }
  return font;
}

/** A run of text in one font. */
interface Run {
  script: ScriptFont;
  text: string;
}

/**
 * The text cut where its script changes. What belongs to no script (spaces, digits, Latin,
 * punctuation, ZWJ/ZWNJ: every font here draws them) stays in the run it is in; a run that has
 * no Indian letter yet takes the script of its first one; text without any is Devanagari's.
 */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let lettered = false;
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (!last) {
      runs.push({ script: script ?? NEUTRAL, text: char });
      lettered = script !== null;
    } else if (script === null || script === last.script) {
      last.text += char;
      lettered ||= script !== null;
    } else if (!lettered) {
      last.script = script;
      last.text += char;
      lettered = true;
    } else {
      runs.push({ script, text: char });
    }
  }
  return runs;
}

/** Glyphs placed in font units from the run's start: outline and pen position. */
interface PlacedGlyph {
  font: hb.Font;
  glyph: number;
  x: number;
  y: number;
}

interface Shaped {
  glyphs: PlacedGlyph[];
  /** The advance of the whole text, in font units. */
  advance: number;
}

const UNITS_PER_EM = 1000; // every Noto Sans font here

function shape(text: string, bold: boolean): Shaped {
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  for (const run of runsOf(text)) {
    const font = fontOf(run.script, bold);
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const positions = buffer.getGlyphPositions();
    buffer.getGlyphInfos().forEach((info, index) => {
      const position = positions[index]!;
      glyphs.push({
        font,
        glyph: info.codepoint,
        x: pen + position.xOffset,
        y: position.yOffset,
      });
      pen += position.xAdvance;
    });
  }
  return { glyphs, advance: pen };
}

/** A straight edge of an outline, in dots (y down). */
type Edge = [x0: number, y0: number, x1: number, y1: number];

const CURVE_STEPS = 8;

/**
 * A glyph's outline (HarfBuzz's SVG path: absolute M, L, Q, C and Z in font units, y up) as
 * straight edges in dots: curves cut into CURVE_STEPS lines.
 */
function outlineEdges(
  path: string,
  place: (x: number, y: number) => [number, number],
  edges: Edge[],
): void {
  const tokens = path.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
  let at = 0;
  const number = () => Number(tokens[at++]);
  let start: [number, number] = [0, 0];
  let pen: [number, number] = [0, 0];
  const lineTo = (point: [number, number]) => {
    edges.push([pen[0], pen[1], point[0], point[1]]);
    pen = point;
  };
  while (at < tokens.length) {
    const command = tokens[at++];
    if (command === 'M') {
      pen = start = place(number(), number());
    } else if (command === 'L') {
      lineTo(place(number(), number()));
    } else if (command === 'Q') {
      const [cx, cy] = place(number(), number());
      const end = place(number(), number());
      const [x0, y0] = pen;
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        lineTo([
          u * u * x0 + 2 * u * t * cx + t * t * end[0],
          u * u * y0 + 2 * u * t * cy + t * t * end[1],
        ]);
      }
    } else if (command === 'C') {
      const [c1x, c1y] = place(number(), number());
      const [c2x, c2y] = place(number(), number());
      const end = place(number(), number());
      const [x0, y0] = pen;
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        lineTo([
          u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * end[0],
          u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * end[1],
        ]);
      }
    } else if (command === 'Z') {
      if (pen[0] !== start[0] || pen[1] !== start[1]) lineTo(start);
    }
  }
}

/** Samples per dot across and down: a dot is black when enough of its samples are inside. */
const SAMPLES = 4;
const INK_THRESHOLD = 6; // of SAMPLES², about 40 %: thin strokes stay on the paper

/**
 * The dots inside the edges (non-zero winding, the rule of TrueType outlines): 1 black, 0 white.
 */
function fill(edges: readonly Edge[], width: number, height: number): Uint8Array {
  const coverage = new Uint8Array(width * height);
  const crossings: { x: number; winding: number }[] = [];
  for (let row = 0; row < height * SAMPLES; row++) {
    const y = (row + 0.5) / SAMPLES;
    crossings.length = 0;
    for (const [x0, y0, x1, y1] of edges) {
      if (y0 === y1 || y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
      crossings.push({ x: x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), winding: y1 > y0 ? 1 : -1 });
    }
    if (crossings.length === 0) continue;
    crossings.sort((a, b) => a.x - b.x);
    const line = Math.floor(row / SAMPLES) * width;
    let winding = 0;
    for (let k = 0; k < crossings.length - 1; k++) {
      winding += crossings[k]!.winding;
      if (winding === 0) continue;
      // Samples at (column + 0.5) / SAMPLES between this crossing and the next.
      const first = Math.max(0, Math.ceil(crossings[k]!.x * SAMPLES - 0.5));
      const last = Math.min(width * SAMPLES - 1, Math.floor(crossings[k + 1]!.x * SAMPLES - 0.5));
      for (let sample = first; sample <= last; sample++) {
        coverage[line + Math.floor(sample / SAMPLES)]! += 1;
      }
    }
  }
  return coverage.map((samples) => (samples >= INK_THRESHOLD ? 1 : 0));
}

export interface RasterStyle {
  bold?: boolean;
  invert?: boolean;
  width?: 1 | 2;
  height?: 1 | 2;
  align?: 'left' | 'center' | 'right';
}

/** A 1-bit picture of a line: `dots[y * width + x]` 1 for black. */
export interface RasterLine {
  width: number;
  height: number;
  dots: Uint8Array;
}

/** The size of the font's em in dots at normal size: Latin capitals as tall as font A's (~17). */
const EM_DOTS = 24;
/** Above and below the baseline, per em (Noto Sans Devanagari: ascender 896, descender 408). */
const ASCENT = 0.9;
const DESCENT = 0.42;

/**
 * One printed line as a picture the width of the paper (`paperDots`, a multiple of 8). The line
 * is laid out as the text receipt lays it out in `columns` character cells: a run of two or more
 * spaces is the space between columns (a row's value at its right edge), so each part starts in
 * the cell its first character has (or after the part before it), and a part that ends at the
 * line's last column ends at the paper's edge. A line wider than the paper is narrowed to fit.
 */
export function rasterLine(
  text: string,
  { paperDots, columns }: { paperDots: number; columns: number },
  style: RasterStyle = {},
): RasterLine {
  const xScale = (EM_DOTS * (style.width ?? 1)) / UNITS_PER_EM;
  const yScale = (EM_DOTS * (style.height ?? 1)) / UNITS_PER_EM;
  const cell = (paperDots / columns) * (style.width ?? 1);
  const height = Math.ceil(((ASCENT + DESCENT) * UNITS_PER_EM * yScale) / 8) * 8;
  const baseline = Math.round(ASCENT * UNITS_PER_EM * yScale);

  const parts = [...text.matchAll(/\S+(?: \S+)*/g)].map((match) => ({
    column: match.index,
    end: match.index + match[0].length,
    shaped: shape(match[0], style.bold ?? false),
  }));
  const lineColumns = Math.floor(columns / (style.width ?? 1));
  let pen = 0;
  const placed = parts.map((part, index) => {
    const width = part.shaped.advance * xScale;
    const atEdge = index > 0 && part.end >= lineColumns;
    const x = atEdge
      ? Math.max(pen + cell, paperDots - width)
      : Math.max(part.column * cell, index === 0 ? 0 : pen + cell);
    pen = x + width;
    return { ...part, x };
  });
  const used = Math.max(pen, 1);
  const squeeze = used > paperDots ? paperDots / used : 1;
  const slack = Math.max(0, paperDots - used);
  const shift = style.align === 'center' ? slack / 2 : style.align === 'right' ? slack : 0;

  const edges: Edge[] = [];
  for (const part of placed) {
    for (const glyph of part.shaped.glyphs) {
      const path = glyph.font.glyphToPath(glyph.glyph);
      if (!path) continue;
      outlineEdges(
        path,
        (x, y) => [
          (part.x + (glyph.x + x) * xScale) * squeeze + shift,
          baseline - (glyph.y + y) * yScale,
        ],
        edges,
      );
    }
  }
  const dots = fill(edges, paperDots, height);
  if (style.invert) for (let i = 0; i < dots.length; i++) dots[i] = dots[i] ? 0 : 1;
  return { width: paperDots, height, dots };
}
