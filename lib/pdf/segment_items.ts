/**
 * List items in segmentation (`segment.ts`): whether a line carries on the
 * item above, where a tagged item's further paragraph goes, a tagged `LI`
 * line opening an item, and a line opening with a dash that carries on the
 * text above rather than opening an item.
 *
 * @module
 */
import { type Draft, linesExtent } from "./draft.ts";
import { setApartFromItem } from "./item_edges.ts";
import { continuesText } from "./paragraph_lines.ts";
import { plainLineText } from "./inline.ts";
import { TYPED_BULLETS } from "./lists.ts";
import type { DocumentStats } from "./stats.ts";
import { lastTextSpan } from "./span_text.ts";
import type { Line, Span } from "./types.ts";

/** True when `line` continues the list item in `draft`. */
export function continuesItem(draft: Draft, line: Line, stats: DocumentStats): boolean {
  const prev = draft.lines[draft.lines.length - 1]!;
  if (draft.page !== line.page) return false;
  const id = line.spans[0]?.tag?.listItem?.id;
  if (draft.listId !== undefined || id !== undefined) return id === draft.listId;
  const dy = line.y - prev.y;
  if (dy <= 0 || dy > stats.lineGap(prev.size) * 1.3 + 1) return false;
  return line.x0 > (draft.markerX ?? 0) + prev.size * 0.3 &&
    Math.abs(line.size - prev.size) < prev.size * 0.15 && !setApartFromItem(draft, line, stats);
}

/** The structure tag of a line's last piece of text. */
function lastTextTag(line: Line | undefined) {
  return line && lastTextSpan(line.spans)?.tag;
}

/**
 * Where a tagged line of a list item whose draft is `known` goes, when it is
 * in a paragraph (`P`): on with the paragraph of the draft before it, when
 * that is the item's further paragraph (`goes-on`); into a paragraph of its
 * own, the item's next, when it opens a paragraph other than the item's last
 * or follows something else set inside the item (a listing, a nested list:
 * `new`); otherwise into the item's text (undefined).
 */
export function itemParagraphTurn(known: Draft, last: Draft, line: Line): "goes-on" | "new" | undefined {
  const tag = lastTextTag(line) ?? line.spans[0]?.tag;
  if (!tag?.paragraph) return undefined;
  if (last !== known && lastTextTag(last.lines.at(-1))?.block === tag.block) return "goes-on";
  const before = lastTextTag(known.lines.at(-1));
  if (last !== known || (before?.paragraph && before.block !== tag.block)) return "new";
  return undefined;
}

/** Starts a list item from a tagged `LI` line: the label spans give the marker. */
export function taggedItem(line: Line, page: number): Draft {
  const item = line.spans[0]!.tag!.listItem!;
  const label = line.spans.filter((s) => s.tag?.label).map((s) => s.text).join("").trim();
  const number = /^\(?(\d{1,3})[.)]$/.exec(label);
  const ordered = !!number;
  const marker = number ? `${Number(number[1])}.` : "-";
  // A bullet label is dropped; a letter or roman label stays in the text (Markdown numbers only with digits).
  const keepLabel = !number && /[\p{L}\p{N}]/u.test(label);
  const rest: Span[] = line.spans.filter((s) => keepLabel || !s.tag?.label);
  const lines = rest.length ? [{ ...line, spans: rest }] : [];
  return {
    kind: "list_item",
    page,
    lines,
    ordered,
    marker,
    depth: item.depth,
    listId: item.id,
    markerX: line.x0,
  };
}

/**
 * True when a line opening with a dash (or an asterisk) carries on the
 * paragraph or item above rather than opening a list item: it starts where
 * the lines of that text start (a nested item's marker stands further in),
 * and the line above ended no sentence or clause and had no room left for the
 * dash and the word after it, so the typesetter broke the line there (`gray —
 * grey` broken before its dash).
 */
export function dashRunsOn(
  last: Draft,
  line: Line,
  stats: DocumentStats,
  edges: { left?: number; right: number },
): boolean {
  // Most lines open with no such character: tell them before reading the line's text.
  if (!TYPED_BULLETS.includes(line.spans[0]?.text.trimStart()[0] ?? "")) return false;
  const text = plainLineText(line);
  // The bullet, then a space and a word.
  const head = TYPED_BULLETS.includes(text[0] ?? "") ? /^.\s+\S+/u.exec(text)?.[0] : undefined;
  const prev = last.lines.at(-1)!;
  if (!head || /[.!?:;]$/.test(plainLineText(prev))) return false;
  // An item's lines start at its text; a paragraph's after the first at its left edge, or the page's.
  const textLeft = last.lines.length > 1 ? linesExtent(last.lines).laterLeft : prev.x0;
  const starts = last.kind === "list_item"
    ? [last.lines[0]?.spans[0]?.x ?? prev.x0]
    : [textLeft, edges.left ?? prev.x0];
  if (!starts.some((x) => Math.abs(line.x0 - x) <= 1)) return false;
  // The dash, a space and the next word, measured as their share of the line's width.
  const width = (line.x1 - line.x0) * head.length / text.length + prev.size * 0.25;
  if (prev.x1 + width <= edges.right) return false;
  return last.kind === "list_item" ? continuesItem(last, line, stats) : continuesText(last, line, stats);
}
