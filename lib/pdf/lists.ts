/**
 * List items: a line that opens with a bullet glyph or an enumerator
 * (`1.`, `a)`, `(iv)`), or, in tagged PDFs, a new `LI`. Nesting follows the
 * marker's indent.
 *
 * @module
 */
import type { Line, Span } from "./types.ts";

/** Glyphs used as bullets, including the Symbol/Wingdings private-use ones. */
const BULLETS = "•◦▪▫‣⁃∙∗·●○■□►▸▶➢➤✓✔❖–—*-\uf0b7\uf0a7\uf076\uf0d8\uf0fc\ue00a☐☑☒⊠";

/**
 * A glyph its font maps to no character: pdf.js passes the code through, a C1 control
 * (a bitmap font TeX made from its PK files, whose TS1 bullet is code 136, names its glyphs
 * `a136` and no more). No text holds one; opening a line apart from its text, it is a mark, a bullet.
 */
const UNMAPPED_GLYPH = /^[\u0080-\u009f]$/;

/**
 * A task list's boxes, as LaTeX (`$\square$`, `$\boxtimes$`) and word
 * processors set them: an item opening with one is written as a Markdown task
 * (`- [ ]`, `- [x]`).
 */
const TASK_BOXES: Record<string, string> = {
  "☐": "- [ ]",
  "□": "- [ ]",
  "☑": "- [x]",
  "☒": "- [x]",
  "⊠": "- [x]",
};

/** Bullets also typed in running text (a dash, an asterisk): alone, or followed by nothing, they mark no item. */
export const TYPED_BULLETS = "-*\u2013\u2014";

/** A list marker found at the start of a line. */
export interface Marker {
  ordered: boolean;
  /** The marker as it should appear in Markdown: `-`, `- [x]`, `1.`, `2)`. */
  markdown: string;
  /** The line's spans with the marker removed. */
  rest: Span[];
  /** Left edge of the item's text. */
  textX: number;
}

const ENUMERATOR = /^\(?(\d{1,3}|[a-z]|[ivxlc]{1,5})([.)])(\s+|$)/i;

/**
 * Recognises a list marker at the start of a line of text.
 *
 * @example
 * ```ts
 * listMarker(line)?.markdown; // "-" for "• apples", "2." for "2. pears"
 * ```
 */
export function listMarker(line: Line): Marker | null {
  const first = line.spans[0];
  if (!first) return null;
  const text = first.text.trimStart();
  const bullet = text[0] && (BULLETS.includes(text[0]) || UNMAPPED_GLYPH.test(text[0])) ? text[0] : null;
  if (bullet) {
    const after = text.slice(1);
    const separate = after.trim() === "" && line.spans.length > 1;
    if (!separate && !/^\s/.test(after)) return null;
    if (
      TYPED_BULLETS.includes(bullet) && !separate &&
      after.trim() === ""
    ) {
      return null;
    }
    const markdown = TASK_BOXES[bullet] ?? "-";
    return { ordered: false, markdown, ...stripPrefix(line, text.length - after.trimStart().length) };
  }
  const match = ENUMERATOR.exec(text);
  if (!match) return null;
  const separate = match[3] === "" && line.spans.length > 1;
  if (match[3] === "" && !separate) return null;
  const value = match[1]!;
  if (!/^\d+$/.test(value)) {
    if (inlineCodeRunningOn(line)) return null;
    // Markdown numbers lists only with digits: keep a letter or roman label in the item's text.
    return { ordered: false, markdown: "-", rest: [...line.spans], textX: line.x0 };
  }
  const markdown = `${Number(value)}${match[2] === ")" ? ")" : "."}`;
  return { ordered: true, markdown, ...stripPrefix(line, match[0].length) };
}

/**
 * True when a line opens in a code font and goes on in another: inline code
 * wrapped from the line above (`(setq x` / `t)` then prose), whose text may
 * look like a letter's enumerator. (Some producers set a list's numbers in
 * a code font: only letters are told so.)
 */
function inlineCodeRunningOn(line: Line): boolean {
  return !!line.spans[0]?.font.monospace && line.spans.some((s) => !s.font.monospace && s.text.trim());
}

/** True when a text is nothing but a list marker (a bullet glyph or an enumerator). */
export function isMarkerOnly(text: string): boolean {
  const t = text.trim();
  return (t.length === 1 && BULLETS.includes(t)) || /^\(?(\d{1,3}|[a-z]|[ivxlc]{1,5})[.)]$/i.test(t);
}

/** Removes the first `count` characters (after leading space) from a line's spans. */
function stripPrefix(line: Line, count: number): { rest: Span[]; textX: number } {
  const spans = [...line.spans];
  const first = spans[0]!;
  const trimmed = first.text.trimStart();
  const remaining = trimmed.slice(count).trimStart();
  if (remaining) {
    const step = first.width / Math.max(first.text.length, 1);
    const cut = first.text.length - remaining.length;
    spans[0] = { ...first, text: remaining, x: first.x + cut * step, width: first.width - cut * step };
  } else {
    spans.shift();
  }
  return { rest: spans, textX: spans[0]?.x ?? line.x1 };
}

/**
 * How far apart, in points, two items' text edges may stand and still be one
 * edge: an edge inside a span the marker shares is estimated from the span's
 * mean letter width, a letter off.
 */
const TEXT_EDGE_SLACK = 4;

/** Tracks list nesting from marker indents across consecutive items. */
export class ListNesting {
  #indents: number[] = [];
  /** Where the text of the item at each depth starts, when known. */
  #texts: Array<number | undefined> = [];
  /** The left edge of the column the indents were measured in, on a page of two columns. */
  #column: number | undefined;

  /**
   * Depth (0 = top level) of an item whose marker starts at `x`.
   *
   * A marker further right than the open item's that still stands left of that item's text, with
   * its own text at the same edge ({@linkcode TEXT_EDGE_SLACK}), is its sibling's: a producer that sets every marker flush right
   * against one text edge (ReportLab) puts a bullet after a list of numbers further right than
   * they start.
   *
   * @param column The left edge of the column the item stands in, on a page set in two columns: where
   *   it differs from the last item's, the list goes on in another column, its indents moved as far.
   * @param textX Where the item's text starts after its marker, if known.
   */
  depthOf(x: number, column?: number, textX?: number): number {
    if (column !== undefined && this.#column !== undefined && column !== this.#column) {
      const shift = column - this.#column;
      this.#indents = this.#indents.map((indent) => indent + shift);
      this.#texts = this.#texts.map((text) => text === undefined ? text : text + shift);
    }
    this.#column = column;
    while (this.#indents.length > 0 && x < this.#indents[this.#indents.length - 1]! - 2) {
      this.#indents.pop();
      this.#texts.pop();
    }
    const top = this.#indents[this.#indents.length - 1];
    const topText = this.#texts[this.#texts.length - 1];
    const sibling = topText !== undefined && textX !== undefined && x < topText - 2 &&
      Math.abs(textX - topText) <= TEXT_EDGE_SLACK;
    if (top === undefined || (x > top + 2 && !sibling)) {
      this.#indents.push(x);
      this.#texts.push(textX);
    }
    return this.#indents.length - 1;
  }

  /**
   * True when text starting at `x` stands right of the list's outermost marker (measured, as in
   * {@linkcode depthOf}, in the column the list went on in): an item's further paragraph, after
   * which the list goes on at its depths.
   */
  holds(x: number, column?: number): boolean {
    const outer = this.#indents[0];
    if (outer === undefined) return false;
    const shift = column !== undefined && this.#column !== undefined ? column - this.#column : 0;
    return x > outer + shift + 2;
  }

  /** Forgets the nesting (the list ended). */
  reset() {
    this.#indents = [];
    this.#texts = [];
    this.#column = undefined;
  }
}
