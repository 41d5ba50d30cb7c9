/**
 * Footnotes read at their page's foot, between the text's paragraphs, are
 * written after the text (`notes_last.ts`), where a Markdown renderer shows them.
 */
import assert from "node:assert/strict";
import { notesLast } from "../../../lib/pdf/notes_last.ts";
import type { Block } from "../../../lib/pdf/types.ts";

const paragraph = (text: string, page = 1): Block => ({ kind: "paragraph", text, page });

Deno.test("notes read at each page's foot come after the text, in their order; the text keeps its order", () => {
  const blocks: Block[] = [
    { kind: "heading", level: 1, text: "Bees", page: 1 },
    paragraph("The group meets.[^1]"),
    paragraph("[^1]: Every second Saturday."),
    paragraph("It counts the frames.[^2]", 2),
    { kind: "code", text: "[^9]: not a note", page: 2 },
    paragraph("[^2]: Three cards were lost.", 2),
    paragraph("The end."),
  ];
  assert.deepEqual(notesLast(blocks).map((b) => "text" in b ? b.text : b.kind), [
    "Bees",
    "The group meets.[^1]",
    "It counts the frames.[^2]",
    "[^9]: not a note",
    "The end.",
    "[^1]: Every second Saturday.",
    "[^2]: Three cards were lost.",
  ]);
});

Deno.test("a list item's further paragraph opening like a note stays under its item", () => {
  const blocks: Block[] = [
    { kind: "list_item", text: "one", page: 1, depth: 0, ordered: false } as Block,
    { kind: "paragraph", text: "[^x]: kept", page: 1, itemDepth: 0 },
    paragraph("After."),
  ];
  assert.deepEqual(notesLast(blocks), blocks);
});
