import assert from "node:assert/strict";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEFT, line, markdown, page, pageAt, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** How far a box's padding sets its text in from the column, on each side. */
const PAD = 15;

/** Body text at the column's edges, then two lines set in on both sides, then body text again. */
function boxedPage(): PageText {
  return page(
    ["Prose before the box runs from one edge of the column to the other edge.", LEFT, RIGHT],
    ["It ends here.", LEFT, 200],
    null,
    [
      "Text standing in a box, set in from both edges of the column by its padding alone,",
      LEFT + PAD,
      RIGHT - PAD,
    ],
    ["and running on for a second line.", LEFT + PAD, 300],
    null,
    ["Prose after the box runs from one edge of the column to the other edge again.", LEFT, RIGHT],
  );
}

/** Puts every span of `lines` on the shaded area `shade`. */
function shade(lines: readonly Line[], id: number) {
  for (const l of lines) for (const s of l.spans) s.shade = id;
}

/** The set-in lines of a page. */
function setIn(text: PageText): Line[] {
  return text.lines.filter((l) => l.x0 > LEFT + 1);
}

Deno.test("text set in by a shaded box's padding is a panel's paragraph, not a quote", () => {
  const text = boxedPage();
  // Unshaded, the same lines are a quote: the indentation alone says so.
  assert.ok(paragraphs(markdown(text))[1]!.startsWith("> Text standing in a box"), markdown(text));
  shade(setIn(text), 1);
  const out = paragraphs(markdown(text));
  assert.equal(out.length, 3, out.join("\n\n"));
  assert.ok(out[1]!.startsWith("Text standing in a box"), out.join("\n\n"));
});

Deno.test("a shaded quote stays a quote beside its rule, on a painted region, or with only a word shaded", () => {
  const ruled = boxedPage();
  shade(setIn(ruled), 1);
  for (const l of setIn(ruled)) for (const s of l.spans) s.bar = 0;
  assert.ok(paragraphs(markdown(ruled))[1]!.startsWith("> Text standing in a box"), markdown(ruled));
  // The same shading under text at the column's edge is a region's background, which quotes stand in.
  const painted = boxedPage();
  shade(painted.lines, 1);
  assert.ok(paragraphs(markdown(painted))[1]!.startsWith("> Text standing in a box"), markdown(painted));
  // Inline code's background behind a line's first word is no box.
  const word = boxedPage();
  const first = setIn(word)[0]!;
  first.spans = [{ ...line("Text", first.x0, first.x0 + 20, first.y).spans[0]!, shade: 1 }, {
    ...first.spans[0]!,
    text: first.spans[0]!.text.slice(4),
    x: first.x0 + 20,
  }];
  assert.ok(paragraphs(markdown(word))[1]!.startsWith("> Text standing in a box"), markdown(word));
});

Deno.test("a callout's label (set apart, at body size and weight) opening a shaded box keeps the box a quote", () => {
  const text = pageAt(
    ["Prose before the box runs from one edge of the column to the other edge.", LEFT, RIGHT, 100],
    ["Note", LEFT + PAD, LEFT + PAD + 24, 124],
    [
      "Useful information that users should know, even when skimming the text.",
      LEFT + PAD,
      RIGHT - PAD * 4,
      146,
    ],
    ["Prose after the box runs from one edge of the column to the other edge again.", LEFT, RIGHT, 176],
  );
  shade(setIn(text), 1);
  assert.ok(
    markdown(text).includes("> Note\n>\n> Useful information that users should know"),
    markdown(text),
  );
});
