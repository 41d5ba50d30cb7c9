/**
 * A note whose lead the structure tree tags whole (TeX Live 2022 files an
 * unlabelled note's mark and first words in one piece): only a mark-like
 * first piece is its label; the words after it stay its text.
 */
import assert from "node:assert/strict";
import { inlineMarkdown } from "../../../lib/pdf/inline.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";

const serif: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };
const lead = { block: 3, note: true, paragraph: true, noteLabel: true };

/** Words side by side from x = 70, each tagged with `tag`, a space apart; the first set close up to the second. */
function noteLine(words: string[], tags: Array<Span["tag"]>): Line {
  let x = 70;
  const spans = words.map((text, i) => {
    const span: Span = { text, x, y: 700, width: text.length * 4, size: 8, font: serif, tag: tags[i] };
    x += span.width + (i === 0 ? 0.5 : 2.5);
    return span;
  });
  return { spans, x0: 70, x1: x, y: 700, size: 8, page: 1 };
}

Deno.test("words of a note's lead tagged as its label are its text, after the mark", () => {
  const words = ["∗", "Optional", "footnote,", "e.g.", "to", "mark"];
  const text = inlineMarkdown([noteLine(words, words.map(() => lead))]);
  assert.equal(text, "∗ Optional footnote, e.g. to mark");
});

Deno.test("a numbered lead is the note's label, its words the text", () => {
  const words = ["1", "Optional", "footnote"];
  assert.equal(inlineMarkdown([noteLine(words, words.map(() => lead))]), "[^1]: Optional footnote");
  const labelOnly = [lead, { block: 3, note: true, paragraph: true }, {
    block: 3,
    note: true,
    paragraph: true,
  }];
  assert.equal(inlineMarkdown([noteLine(words, labelOnly)]), "[^1]: Optional footnote");
});
