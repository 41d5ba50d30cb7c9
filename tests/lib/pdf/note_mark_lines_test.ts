/**
 * A footnote's mark hung raised and smaller left of its text, on a baseline
 * of its own, opens the note's paragraph rather than standing as one.
 */
import assert from "node:assert/strict";
import { isMarkedFootNote } from "../../../lib/pdf/heading_over_notes.ts";
import { isNoteMark } from "../../../lib/pdf/note_mark_lines.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, paragraphs, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of `text` at `size`, from `x0` to `x1` on baseline `y`. */
function sized(text: string, x0: number, x1: number, y: number, size: number): Line {
  const plain = line(text, x0, x1, y);
  return { ...plain, size, spans: plain.spans.map((s) => ({ ...s, size })) };
}

/** Two paragraphs, then two notes at the page's foot, each mark `raise` points above its 8-point text. */
function notesPage(raise: number): PageText {
  const prose = [
    "The first paragraph runs from one edge of the column to the other edge of it,",
    "and ends here.",
    "The second paragraph runs from one edge of the column to the other edge of it,",
    "and ends here.",
  ].map((text, i) => line(text, LEFT, i % 2 ? LEFT + 70 : RIGHT, 100 + i * LEADING * (i > 1 ? 1.5 : 1)));
  return {
    page: 1,
    width: 595,
    height: 842,
    lines: [
      ...prose,
      sized("∗", LEFT + 1, LEFT + 5, 700 - raise, 6),
      sized("Released on June, 10th, 2019", LEFT + 15, LEFT + 120, 700, 8),
      sized("a)", LEFT + 1, LEFT + 7, 712 - raise, 6),
      sized("Research notes have no abstracts.", LEFT + 17, LEFT + 150, 712, 8),
    ],
  };
}

Deno.test("a note's raised mark opens its note's paragraph", () => {
  const out = paragraphs(markdown(notesPage(3)));
  assert.deepEqual(
    out.slice(-2),
    ["∗ Released on June, 10th, 2019", "a) Research notes have no abstracts."],
    out.join("\n\n"),
  );
});

Deno.test("a mark a line above the text is no note's mark", () => {
  const out = paragraphs(markdown(notesPage(8)));
  assert.ok(!out.includes("∗ Released on June, 10th, 2019"), out.join("\n\n"));
});

Deno.test("a mark standing alone and a mark opening a note's text are spelled alike", () => {
  const stats = { bodySize: 10 } as DocumentStats;
  for (const mark of ["7", "∗∗∗", "‡‡‡", "é)"]) {
    const text = sized("The note's text.", LEFT + 15, LEFT + 120, 700, 8);
    assert.ok(isNoteMark(sized(mark, LEFT + 1, LEFT + 9, 697, 6), text), `${mark} alone`);
    const opening = sized(`${mark} The note's text.`, LEFT, LEFT + 120, 700, 8);
    assert.ok(isMarkedFootNote({ kind: "text", page: 1, lines: [opening] }, stats), `${mark} opening`);
  }
});
