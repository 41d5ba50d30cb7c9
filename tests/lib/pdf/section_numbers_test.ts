/**
 * Section numbers the typesetter adds to headings the outline names without
 * them, down to the levels the outline does not reach.
 */
import assert from "node:assert/strict";
import { matchKey } from "../../../lib/pdf/headings.ts";
import { withoutAddedNumber } from "../../../lib/pdf/section_numbers.ts";
import type { Block } from "../../../lib/pdf/types.ts";

/** A heading block. */
function heading(text: string, level: number): Block {
  return { kind: "heading", level, text, page: 1 };
}

/** The outline's titles as the structure pass keys them. */
const TITLES = new Set(["Displayed equations", "Equation numbering"].map(matchKey));

Deno.test("a heading below the outline's deepest level loses a number that extends one the outline left out", () => {
  const dropped = new Set<string>();
  const texts = [
    heading("3 Displayed equations", 1),
    heading("3.11 Equation numbering", 2),
    heading("3.11.1 Numbering hierarchy", 3),
    heading("3.11.1.2 Ranges", 4),
    heading("4.2.1 Roots of unity", 3),
  ].map((block) => withoutAddedNumber(block, TITLES, dropped)).map((b) => b.kind === "heading" ? b.text : "");
  assert.deepEqual(texts, [
    "Displayed equations",
    "Equation numbering",
    "Numbering hierarchy",
    "Ranges",
    // No heading numbered 4.2 lost its number: this one's may be the author's.
    "4.2.1 Roots of unity",
  ]);
});
