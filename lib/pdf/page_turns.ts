/**
 * Text broken by a page turn: the paragraph or list item that ends one page
 * with no closing punctuation runs on in the first block of the next, when
 * that opens in lower case, or with inline code (`--depth=n will be
 * reported`); an item's text runs on at the item's own text edge, where a
 * paragraph after the list would stand at the margin, from a last line the
 * next word did not fit on (a short last line ends its item).
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { itemTextEdge } from "./item_edges.ts";
import { nextWordFitted } from "./paragraph_lines.ts";
import { opensLowerCase } from "./quote_turns.ts";
import type { Line } from "./types.ts";

/** How far, in points, a continued item's line may stand from the item's text edge. */
const EDGE_SLACK = 1.5;

/**
 * True when `draft`, the first block of a page, continues `prev`, the last
 * block of the page before.
 *
 * @param pageRight Gives the right edge of the text of the page `prev` ends (asked only for an item).
 */
export function runsOnAcrossTurn(prev: Draft, draft: Draft, pageRight: () => number): boolean {
  if (draft.kind !== "text" || draft.heading || draft.page !== prev.page + 1) return false;
  return goesOnAfterTurn(prev, draft.lines[0]!, 0, pageRight) || nameGoesOnAfterTurn(prev, draft, pageRight);
}

/**
 * True when `draft`, opening the next page with a capital (a name: `… in the
 * AAS` / `Journals. For …`), goes on with the paragraph `prev`: its last
 * line ends with no punctuation and was wrapped (full to the page's right
 * edge, its next word not fitted after it), and `draft` opens at its size
 * and at the edge `prev`'s lines return to, where a paragraph of its own
 * would be indented.
 */
function nameGoesOnAfterTurn(prev: Draft, draft: Draft, pageRight: () => number): boolean {
  const last = prev.lines.at(-1)!, first = draft.lines[0]!;
  if (prev.kind !== "text" || prev.heading || prev.lines.length < 2) return false;
  if (!/^\p{Lu}/u.test(plainLineText(first)) || /[.!?:;,]$/.test(plainLineText(last))) return false;
  if (Math.abs(first.size - last.size) > last.size * 0.05) return false;
  // A loop, not `Math.min(...lines)`: a paragraph run on over many pages may hold more lines than a call takes.
  let edge = Infinity;
  for (let k = 1; k < prev.lines.length; k++) edge = Math.min(edge, prev.lines[k]!.x0);
  const right = pageRight();
  return Math.abs(first.x0 - edge) < 1 && right - last.x1 < last.size &&
    !nextWordFitted(prev.lines, first, right);
}

/**
 * True when `first`, the first line after a turn (to the next page or
 * column), goes on with the paragraph or list item `prev`: `prev` ends with
 * no closing punctuation and `first` opens in lower case or with inline code,
 * or `prev` ends in a word broken at its hyphen;
 * an item's text goes on at its own text edge, moved by `shift` (how far right
 * of `prev`'s column `first`'s stands), from a last line its next word did
 * not fit on (where `right` is given).
 *
 * @param right Gives the right edge of the text `prev` ends in (asked only for an item).
 */
export function goesOnAfterTurn(prev: Draft, first: Line, shift: number, right?: () => number): boolean {
  if ((prev.kind !== "text" && prev.kind !== "list_item") || prev.heading) return false;
  const last = plainLineText(prev.lines[prev.lines.length - 1]!);
  if (/[.!?:;]$/.test(last)) return false;
  const opening = first.spans.find((s) => s.text.trim());
  const text = plainLineText(first);
  // A word broken at its hyphen (`Content-` / `Type`) goes on, whatever the case of its rest.
  const broken = /\p{L}-$/u.test(last);
  if (!broken && !opensLowerCase(text) && !(opening?.font.monospace && !/^\p{Lu}/u.test(text))) return false;
  // An address opens lower-case whatever stands before it: one set alone is a paragraph of its own.
  if (/^\w+:\/\//.test(text)) return false;
  if (prev.kind === "text") return true;
  // An item runs on at its text's edge, from a last line that its next word did not fit on.
  const textX = itemTextEdge(prev);
  return textX !== undefined && Math.abs(first.x0 - shift - textX) <= EDGE_SLACK &&
    (right === undefined || !nextWordFitted(prev.lines, first, right()));
}
