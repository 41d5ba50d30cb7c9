import assert from "node:assert/strict";
import { uniqueNoteLabels } from "../../../lib/pdf/note_labels.ts";
import type { Block } from "../../../lib/pdf/types.ts";

/** A paragraph block of `text` on page 1. */
const paragraph = (text: string): Block => ({ kind: "paragraph", text, page: 1 });

Deno.test("a note number printed again (a new chapter's) takes its count, with the marks that refer to it", () => {
  const blocks = uniqueNoteLabels([
    paragraph("The first chapter's claim.[^1] And its second.[^2]"),
    paragraph("[^1]: A note of the first chapter."),
    paragraph("[^2]: Another."),
    { kind: "heading", level: 1, text: "Second chapter", page: 2 },
    paragraph("The second chapter's claim.[^1]"),
    { kind: "code", text: "a[^1]", page: 2 },
    paragraph("[^1]: A note of the second chapter."),
  ]);
  assert.deepEqual(blocks.map((b) => "text" in b ? b.text : ""), [
    "The first chapter's claim.[^1] And its second.[^2]",
    "[^1]: A note of the first chapter.",
    "[^2]: Another.",
    "Second chapter",
    "The second chapter's claim.[^1-2]",
    "a[^1]",
    "[^1-2]: A note of the second chapter.",
  ]);
});

Deno.test("notes numbered once through keep their labels", () => {
  const blocks = [paragraph("A claim.[^1] Another.[^2]"), paragraph("[^1]: One."), paragraph("[^2]: Two.")];
  assert.deepEqual(uniqueNoteLabels(blocks), blocks);
});
