/**
 * A tagged list item whose label stands on a line of its own, the item's
 * text set under it no further in than the label. LaTeX's `trivlist` (the
 * list under its error, example and theorem-like environments) sets its
 * item's text flush with the label, indenting nothing, where a list sets its
 * items' text in past their markers; the tagging code still files it as a
 * list (`L`, `LI`, the title the `Lbl`). On the page it is a title line and
 * paragraphs: amsldoc's error messages print `Erroneous nesting of equation
 * structures` on a line, then `Example:` under it at the margin. Read as an
 * item, the title and the next line ran together (`- Erroneous nesting …
 * Example:`), and a later paragraph of the item read as an item of its own.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { holdsWord } from "./span_text.ts";
import type { TaggedItems } from "./tagged_items.ts";
import type { Line } from "./types.ts";

/**
 * True when `line`, filed under the same tagged item as `item`, shows that
 * item is a title set flush above its text: the item holds one line, all of
 * it the label and holding words (not a bullet or a number), and `line`
 * stands under it starting no further in than the label does.
 */
export function flushUnderLabel(item: Draft, line: Line): boolean {
  if (item.kind !== "list_item" || item.lines.length !== 1) return false;
  const first = item.lines[0]!;
  if (first.page !== line.page || line.y <= first.y) return false;
  if (!first.spans.every((s) => s.tag?.label || !s.text.trim())) return false;
  if (!holdsWord(plainLineText(first))) return false;
  return line.x0 <= first.x0 + first.size * 0.5;
}

/**
 * Writes `item` (see {@linkcode flushUnderLabel}) as the paragraph it is on
 * the page. It keeps its tagged item's id, so the item's further lines find
 * it and go on as the paragraphs they are, not as a new item.
 */
export function labelAsParagraph(item: Draft): void {
  item.kind = "text";
  for (const key of ["ordered", "marker", "depth", "markerX"] as const) delete item[key];
}

/**
 * The draft of the tagged item `id` that `line` is filed under, if any; or,
 * for a line of an item the page before began (the tree numbers its elements
 * afresh on each page, so the id is new and the line holds no label), the
 * last tagged item before it when that one was written as a title and
 * paragraphs.
 */
export function labelledItem(items: TaggedItems, line: Line, id: number): Draft | undefined {
  const known = items.item(id);
  if (known || line.spans.some((s) => s.tag?.label)) return known;
  const before = items.lastItem();
  return before?.kind === "text" && before.page < line.page ? before : undefined;
}
