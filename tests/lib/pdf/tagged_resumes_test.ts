/**
 * A tagged paragraph broken by the footnotes at the foot of its column goes
 * on with its rest at the top of the next column; a paragraph broken by
 * anything else keeps the page's order.
 */
import assert from "node:assert/strict";
import { resumedParagraph } from "../../../lib/pdf/tagged_resumes.ts";
import { type StructNode, tagsFromStructTree } from "../../../lib/pdf/tagged.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { FontStyle, Line, Tag } from "../../../lib/pdf/types.ts";

const body: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line of one span at `x`, `y`, tagged `tag`. */
function line(text: string, x: number, y: number, tag: Tag): Line {
  const span = { text, x, y, width: text.length * 5, size: 10, font: body, tag };
  return { spans: [span], x0: x, x1: x + span.width, y, size: 10, page: 1 };
}

/** A one-page text draft of `lines`. */
function draft(...lines: Line[]): Draft {
  return { kind: "text", page: 1, lines };
}

const paragraph: Tag = { block: 7, paragraph: true };
const note: Tag = { block: 9, paragraph: true, note: true };

Deno.test("a tagged paragraph goes on past the notes at its column's foot", () => {
  const first = draft(line("explains in detail both the project", 72, 700, paragraph));
  const notes = draft(line("3 Of course, required data", 72, 740, note));
  const rest = line("goals and the tasks that need to be undertaken.", 320, 80, paragraph);
  assert.equal(resumedParagraph([first, notes], rest), first);
});

Deno.test("a paragraph broken by a formula, or going on with no notes between, is no resumption", () => {
  const first = draft(line("where the sum", 72, 600, paragraph));
  const formula = draft(line("x = y + z", 150, 620, { block: 8, formula: true }));
  assert.equal(resumedParagraph([first, formula], line("is taken over all", 72, 640, paragraph)), undefined);
  assert.equal(resumedParagraph([first], line("is taken over all", 72, 612, paragraph)), undefined);
  // The notes' own lines never resume a paragraph.
  const notes = draft(line("3 Of course", 72, 740, note));
  assert.equal(resumedParagraph([first, notes], line("more of the note", 320, 80, note)), undefined);
});

Deno.test("the tree marks a note's text, not the mark in the text that refers to it", () => {
  const tree: StructNode = {
    role: "Document",
    children: [{
      role: "P",
      children: [
        { type: "content", id: "text" },
        { role: "Lbl", children: [{ type: "content", id: "mark" }] },
        { role: "FENote", children: [{ role: "P", children: [{ type: "content", id: "note" }] }] },
      ],
    }],
  };
  const { tags } = tagsFromStructTree(tree, 0);
  assert.equal(tags.get("note")?.note, true);
  assert.equal(tags.get("text")?.note, undefined);
  assert.equal(tags.get("mark")?.note, undefined);
});
