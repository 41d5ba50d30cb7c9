/**
 * Drafts: blocks being assembled from a page's lines, and the line tests the
 * structure passes share (bold, code, tagged block, shaded area).
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import { isMarkerOnly, type Marker } from "./lists.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** A block being assembled. */
export interface Draft {
  kind: "text" | "list_item" | "code" | "table";
  page: number;
  lines: Line[];
  /** Tables: each cell's lines by row and column, and its inline Markdown without the word list. */
  cells?: Line[][][];
  rows?: string[][];
  ordered?: boolean;
  marker?: string;
  depth?: number;
  /** List items: left edge of the marker, and the tagged item id. */
  markerX?: number;
  listId?: number;
  heading?: number;
  /** A heading the document's outline points at: the outline's level for it, which typography does not change. */
  outlined?: number;
  /** A heading at TeX's run-in levels (its fourth and fifth), whose level the sections around it give. */
  runIn?: boolean;
  /** A paragraph of a block quote, or a listing inside one (a callout box's). */
  quote?: boolean;
  /** A quote paragraph that opens a quote of its own rather than continuing the one before. */
  quoteStart?: boolean;
  /** A further paragraph of the list item before it: that item's depth. */
  itemDepth?: number;
  /**
   * A paragraph opening with a number typed in bold with its words (`**1. Install**`), where the outline
   * names the headings: neither a list's item nor a heading.
   */
  typedNumber?: boolean;
  /** A paragraph whose first lines each end in a forced break (`broken_lines.ts`): how many lines that is. */
  brokenLines?: number;
}

/**
 * A list item's fields for `line` opening with `marker`, at `depth`: its
 * text the line without the marker, the marker's left edge the line's.
 */
export function markedItem(line: Line, marker: Marker, depth: number): Omit<Draft, "page"> {
  return {
    kind: "list_item",
    lines: [{ ...line, spans: marker.rest }],
    ordered: marker.ordered,
    marker: marker.markdown,
    depth,
    markerX: line.x0,
  };
}

/** True when every visible span of a line is in a bold font. */
export function allBold(line: Line): boolean {
  return line.spans.every((s) => s.font.bold || !s.text.trim());
}

/**
 * True when a line is code: wholly in a monospace font or tagged `Code`, and
 * not tagged a heading (a heading made of inline code) or a list item's label
 * (`Lbl`, outside `Code`: the term of a description list set in typewriter
 * type, a command's or a message's name).
 */
export function isCodeLine(line: Line): boolean {
  return line.spans.every((s) =>
    (s.font.monospace || s.tag?.code || !s.text.trim()) && !s.tag?.heading && !(s.tag?.label && !s.tag.code)
  ) && !isMarkerOnly(plainLineText(line));
}

/** The structure-tree block a line starts in, if tagged. */
export function blockId(line: Line): number | undefined {
  return line.spans[0]?.tag?.block;
}

/**
 * True when two tagged lines share no structure-tree block: lines of
 * different paragraphs. A line may hold a word the tree files apart (a logo,
 * a note's mark, a link set as a paragraph of its own) at either end; one
 * block in common makes them lines of one paragraph.
 */
export function apartInTree(a: Line, b: Line): boolean {
  if (blockId(a) === undefined || blockId(b) === undefined) return false;
  const blocks = new Set(a.spans.flatMap((s) => s.tag ? [s.tag.block] : []));
  return !b.spans.some((s) => s.tag && blocks.has(s.tag.block));
}

/** The shaded area a line sits on. */
export function shadeOf(line: Line): number | undefined {
  return line.spans.find((s) => s.text.trim())?.shade;
}

/** Where a run of lines (a draft's, a paragraph's) reaches. */
export interface LinesExtent {
  /** The leftmost left edge of all its lines. */
  left: number;
  /** The leftmost left edge of its lines after the first (`Infinity` while it has one line). */
  laterLeft: number;
  /** The width of its widest line. */
  widest: number;
}

/** The leftmost start of a draft's lines. */
export function leftEdge(draft: Draft): number {
  return least(draft.lines.map((l) => l.x0));
}

/** Extents by array of lines, with how many of its lines each has measured. */
const extents = new WeakMap<readonly Line[], LinesExtent & { measured: number }>();

/**
 * The extent of a run of lines. A draft's lines only grow at their end, so
 * each line is measured once however often a paragraph is asked about: a
 * paragraph of many lines costs linear time, not quadratic.
 */
export function linesExtent(lines: readonly Line[]): LinesExtent {
  let extent = extents.get(lines);
  if (!extent || extent.measured > lines.length) {
    extent = { left: Infinity, laterLeft: Infinity, widest: -Infinity, measured: 0 };
    extents.set(lines, extent);
  }
  for (; extent.measured < lines.length; extent.measured++) {
    const line = lines[extent.measured]!;
    extent.left = Math.min(extent.left, line.x0);
    if (extent.measured > 0) extent.laterLeft = Math.min(extent.laterLeft, line.x0);
    extent.widest = Math.max(extent.widest, line.x1 - line.x0);
  }
  return extent;
}
