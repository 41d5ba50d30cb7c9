import assert from "node:assert/strict";
import { uniqueNoteLabels } from "../../../lib/pdf/note_labels.ts";
import type { Block } from "../../../lib/pdf/types.ts";

/** A paragraph block of `text` on page 1. */
const paragraph = (text: string): Block => ({ kind: "paragraph", text, page: 1 });

Deno.test("where a note number is printed again (a new chapter's), notes take their place in the document, with the marks that refer to them", () => {
  const blocks = uniqueNoteLabels([
    paragraph("The first chapter's claim.[^1] And its second.[^2]"),
    paragraph("[^1]: A note of the first chapter."),
    paragraph("[^2]: Another."),
    { kind: "heading", level: 1, text: "Second chapter", page: 2 },
    paragraph("The second chapter's claim.[^1]"),
    { kind: "code", text: "a[^1]", page: 2 },
    paragraph("[^1]: A note of the second chapter."),
    paragraph("Its second claim.[^2]"),
    paragraph("[^2]: A second note of the second chapter."),
    paragraph("A mark whose note the pages lost.[^1]"),
  ]);
  assert.deepEqual(blocks.map((b) => "text" in b ? b.text : ""), [
    "The first chapter's claim.[^1] And its second.[^2]",
    "[^1]: A note of the first chapter.",
    "[^2]: Another.",
    "Second chapter",
    "The second chapter's claim.[^3]",
    "a[^1]",
    "[^3]: A note of the second chapter.",
    "Its second claim.[^4]",
    "[^4]: A second note of the second chapter.",
    "A mark whose note the pages lost.[^1-3]",
  ]);
});

Deno.test("notes numbered once through keep their labels", () => {
  const blocks = [paragraph("A claim.[^1] Another.[^2]"), paragraph("[^1]: One."), paragraph("[^2]: Two.")];
  assert.deepEqual(uniqueNoteLabels(blocks), blocks);
});
