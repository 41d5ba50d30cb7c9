import assert from "node:assert/strict";
import type { Line, Tag } from "../../../lib/pdf/types.ts";
import { LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** `l` with every span tagged `tag`. */
function tagged(l: Line, tag: Tag): Line {
  return { ...l, spans: l.spans.map((s) => ({ ...s, tag })) };
}

/** A paragraph, then a subfigure's label line, each a `P` of its own. */
function paragraphs(): Line[] {
  return [
    tagged(line("The figure below sets two panels side by side, each labelled under it.", LEFT, RIGHT, 100), {
      block: 1,
      paragraph: true,
    }),
    tagged(line("(a) the first panel", LEFT, 180, 124), { block: 2, paragraph: true }),
  ];
}

Deno.test("a tree that tags paragraphs only leaves a marker opening one to tell a list item", () => {
  assert.match(markdown(pageOf(paragraphs())), /^- \(a\) the first panel$/m);
});

Deno.test("where the tree tags list items, a paragraph it files outside them is no list item", () => {
  const item = tagged(line("An item the tree tags as one.", LEFT + 12, 300, 148), {
    block: 3,
    listItem: { id: 4, depth: 0 },
  });
  const text = markdown(pageOf([...paragraphs(), item]));
  assert.match(text, /^\(a\) the first panel$/m);
});
