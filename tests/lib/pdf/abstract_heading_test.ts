/**
 * An abstract's label line before the document's sections becomes a heading
 * at its top level (`lib/pdf/abstract_heading.ts`); elsewhere it stays text.
 */
import assert from "node:assert/strict";
import { headAbstractLabel } from "../../../lib/pdf/abstract_heading.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";

/** A one-line text draft, a heading at `level` when given. */
function text(words: string, level?: number): Draft {
  const font = { name: "Serif", bold: false, italic: false, monospace: false };
  const span = { text: words, x: 72, y: 100, width: words.length * 5, size: 10, font };
  const line = { spans: [span], x0: 72, x1: 72 + span.width, y: 100, size: 10, page: 1 };
  return { kind: "text", page: 1, lines: [line], ...(level === undefined ? {} : { heading: level }) };
}

/** The heading levels after the pass, `-` for text. */
function levels(drafts: Draft[]): string[] {
  headAbstractLabel(drafts);
  return drafts.map((d) => d.heading === undefined ? "-" : String(d.heading));
}

Deno.test("an abstract's label under the title, before the sections, is a heading at the document's top level", () => {
  assert.deepEqual(
    levels([text("A Paper", 1), text("ABSTRACT"), text("We show that."), text("Introduction", 1)]),
    ["1", "1", "-", "1"],
  );
  // A document whose headings start at the second level: the label takes that level.
  assert.deepEqual(levels([text("Abstract"), text("We show that."), text("Method", 2)]), ["2", "-", "2"]);
});

Deno.test("a label after a heading below the top level, or with no text after it, stays text", () => {
  assert.deepEqual(
    levels([text("Guide", 1), text("Classes", 2), text("Abstract"), text("A class with no instances.")]),
    ["1", "2", "-", "-"],
  );
  assert.deepEqual(levels([text("Abstract"), text("Introduction", 1)]), ["-", "1"]);
  assert.deepEqual(levels([text("Abstract:"), text("First."), text("Abstract"), text("Second.")]), [
    "1",
    "-",
    "-",
    "-",
  ]);
});
