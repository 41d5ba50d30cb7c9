/**
 * Drafts: blocks being assembled from a page's lines, and the line tests the
 * structure passes share (bold, code, tagged block, shaded area).
 *
 * @module
 */
import { plainLineText } from "./inline.ts";
import { isMarkerOnly } from "./lists.ts";
import type { Line } from "./types.ts";

/** A block being assembled. */
export interface Draft {
  kind: "text" | "list_item" | "code" | "table";
  page: number;
  lines: Line[];
  rows?: string[][];
  ordered?: boolean;
  marker?: string;
  depth?: number;
  /** List items: left edge of the marker, and the tagged item id. */
  markerX?: number;
  listId?: number;
  heading?: number;
  /** A heading at TeX's run-in levels (its fourth and fifth), whose level the sections around it give. */
  runIn?: boolean;
  quote?: boolean;
  /** A quote paragraph that opens a quote of its own rather than continuing the one before. */
  quoteStart?: boolean;
}

/** True when every visible span of a line is in a bold font. */
export function allBold(line: Line): boolean {
  return line.spans.every((s) => s.font.bold || !s.text.trim());
}

/** True when a line is code: wholly in a monospace font or tagged `Code`. */
export function isCodeLine(line: Line): boolean {
  return line.spans.every((s) => s.font.monospace || s.tag?.code || !s.text.trim()) &&
    !isMarkerOnly(plainLineText(line));
}

/** The structure-tree block a line starts in, if tagged. */
export function blockId(line: Line): number | undefined {
  return line.spans[0]?.tag?.block;
}

/** The shaded area a line sits on. */
export function shadeOf(line: Line): number | undefined {
  return line.spans.find((s) => s.text.trim())?.shade;
}
