import assert from "node:assert/strict";
import type { PageText } from "../../../lib/pdf/types.ts";
import { LEFT, markdown, page, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** How far a note box sets its text in past its icon: further than a quote's indent reaches. */
const PAST_ICON = 60;

/** Two lines of a paragraph at `x0`, in a document that leaves no space between paragraphs. */
function paragraph(words: string, x0 = LEFT): Array<[string, number, number]> {
  return [[`${words} runs from one edge of the column to the other edge of it,`, x0, RIGHT], [
    "and ends here.",
    x0,
    x0 + 70,
  ]];
}

/**
 * Paragraphs a line's step apart, a quote set apart by a blank line, then a
 * note box (text set in past its icon, a blank line above and below), then
 * prose again.
 */
function notePage(): PageText {
  return page(
    ...paragraph("The first paragraph"),
    ...paragraph("The second paragraph"),
    ...paragraph("The third paragraph"),
    ...paragraph("The fourth paragraph"),
    null,
    ...paragraph("A quote set apart by space alone"),
    ...paragraph("The fifth paragraph"),
    null,
    ...paragraph("The note's first paragraph", LEFT + PAST_ICON),
    ...paragraph("The note's second paragraph", LEFT + PAST_ICON),
    null,
    ...paragraph("Prose after the note"),
  );
}

/** Puts every span of the lines set in from the column on the box's painted rule. */
function ruleTheBox(text: PageText) {
  for (const l of text.lines) if (l.x0 > LEFT + 1) { for (const s of l.spans) s.bar = 0; }
}

Deno.test("space alone quotes flush text, not a box's text set in past a quote's reach", () => {
  const out = paragraphs(markdown(notePage()));
  assert.equal(out.length, 9, out.join("\n\n"));
  assert.ok(out[4]!.startsWith("> A quote set apart"), out.join("\n\n"));
  assert.ok(out[6]!.startsWith("The note's first paragraph"), out.join("\n\n"));
  assert.ok(out[7]!.startsWith("The note's second paragraph"), out.join("\n\n"));
});

Deno.test("the space under a box beside a painted rule is its padding, not a quote's", () => {
  const text = notePage();
  ruleTheBox(text);
  const out = paragraphs(markdown(text));
  assert.equal(out.length, 9, out.join("\n\n"));
  assert.ok(out[4]!.startsWith("> A quote set apart"), out.join("\n\n"));
  assert.ok(out[8]!.startsWith("Prose after the note"), out.join("\n\n"));
});
