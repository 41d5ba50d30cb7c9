/**
 * A list item's text edge, the one measure item lines, item paragraphs and
 * page turns share: measured on a wrapped item's later lines, estimated on a
 * one-line item's first line when its marker shares a span with the text.
 */
import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { itemTextEdge } from "../../../lib/pdf/item_edges.ts";
import { listMarker } from "../../../lib/pdf/lists.ts";
import { runsOnAcrossTurn } from "../../../lib/pdf/page_turns.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const font = { name: "Body", bold: false, italic: false, monospace: false };

/** A line of one span, its letters `step` points apart. */
function line(text: string, x0: number, y: number, page: number, step = 5): Line {
  const span = { text, x: x0, y, width: text.length * step, size: 10, font };
  return { spans: [span], x0, x1: x0 + span.width, y, size: 10, page };
}

/**
 * An item whose number and text share one span, the number's label box (18 pt) wider than the letters'
 * mean width makes it: its text starts at 90, where its second line starts, not where the mean puts it.
 */
function enumeratedItem(lines: readonly Line[]): Draft {
  const [first, ...later] = lines;
  const marker = listMarker(first!)!;
  return {
    kind: "list_item",
    page: first!.page,
    lines: [{ ...first!, spans: marker.rest }, ...later],
    ordered: marker.ordered,
    marker: marker.markdown,
    depth: 0,
    markerX: first!.x0,
  };
}

Deno.test("a wrapped item's text edge is where its later lines start; a one-line item's, its first line's text", () => {
  const wrapped = enumeratedItem([
    line("1. Lift the rack and move the crane to place the rack in the box with care", 72, 700, 1),
    line("so that the side with the cables faces out and lies on top once the box is", 90, 712, 1),
  ]);
  assert.equal(itemTextEdge(wrapped), 90);
  // One line only: the estimate, the number and its space taken off at the span's mean letter width.
  const single = enumeratedItem([line("2. Place the foam pieces over the side of the rack", 72, 724, 1)]);
  assert.equal(itemTextEdge(single), 72 + 3 * 5);
});

Deno.test("a wrapped item broken by a page turn runs on at its measured text edge, not at the estimate", () => {
  const item = enumeratedItem([
    line("1. Lift the rack and move the crane to place the rack in the box with care", 72, 700, 1),
    line("so that the side with the cables faces out and lies on top once the box is", 90, 712, 1),
  ]);
  const next: Draft = { kind: "text", page: 2, lines: [line("laid down on its skid.", 90, 80, 2)] };
  assert.ok(runsOnAcrossTurn(item, next, () => 90 + 74 * 5));
  // The margin of the next page, where a paragraph after the list stands, is no item's text.
  const after: Draft = { kind: "text", page: 2, lines: [line("laid down on its skid.", 72, 80, 2)] };
  assert.ok(!runsOnAcrossTurn(item, after, () => 90 + 74 * 5));
});
