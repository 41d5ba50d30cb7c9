/**
 * Writes the fixture of notes LaTeX's 2024+ tagging kernel tags with no
 * `Lbl` (`tests/lib/pdf/fixtures/tagged/kernel_notes.pdf`), byte by byte as
 * `make_kernel_tagged_fixture.ts` writes its page: a TUGboat article's
 * notes, as the LaTeX Project's own print tags them.
 *
 * - A title's note: its mark a `Lbl` of the title's paragraph with no note
 *   after it (the note stands after the title's `Part`), the note a `P` in
 *   a `Note` of its own whose first content is the mark (`*`), then its text
 *   over two lines.
 * - A numbered note: its mark a `Lbl` of its paragraph, the `Note` right
 *   after it, the note's number the first content of its `P`, set close up
 *   to its text (no `Lbl`).
 *
 *     deno run -A bench/pdf/make_kernel_notes_fixture.ts
 *
 * @module
 */
import { type Elem, OWN_NS, type PageLine, PDF2_NS, taggedPage } from "./make_tagged_fixture.ts";

const LINES: PageLine[] = [
  { x: 72, y: 720, size: 14, runs: [[0, "F2", "Notes the tree gives no label"], [1, "F2", "*"]] },
  {
    x: 72,
    y: 690,
    size: 11,
    runs: [[2, "F1", "The text sets a mark where its note is called for"], [3, "F1", "1"], [
      4,
      "F1",
      " and goes on after it over",
    ]],
  },
  {
    x: 72,
    y: 676,
    size: 11,
    runs: [[10, "F1", "lines enough to be the body of the page, in the type the page sets"]],
  },
  {
    x: 72,
    y: 662,
    size: 11,
    runs: [[11, "F1", "its text in, so the notes at its foot are set smaller than its text."]],
  },
  {
    x: 72,
    y: 140,
    size: 9,
    runs: [[5, "F1", "*"], [6, "F1", " This article is a fully tagged PDF produced by the"]],
  },
  { x: 72, y: 129, size: 9, runs: [[7, "F1", "project software it describes."]] },
  {
    x: 72,
    y: 116,
    size: 9,
    runs: [[8, "F1", "1"], [9, "F1", "A numbered note whose number opens its text."]],
  },
];

/** A note with no `Lbl`: its paragraph's first content is its mark. */
function note(...kids: number[]): Elem {
  return {
    type: "Note",
    ns: PDF2_NS,
    kids: [{ type: "text-unit", ns: OWN_NS, kids: [{ type: "text", ns: OWN_NS, kids }] }],
  };
}

const TREE: Elem = {
  type: "Document",
  kids: [
    {
      type: "text-unit",
      ns: OWN_NS,
      kids: [{ type: "text", ns: OWN_NS, kids: [0, { type: "Lbl", ns: PDF2_NS, kids: [1] }] }],
    },
    note(5, 6, 7),
    {
      type: "text-unit",
      ns: OWN_NS,
      kids: [{
        type: "text",
        ns: OWN_NS,
        kids: [2, { type: "Lbl", ns: PDF2_NS, kids: [3] }, note(8, 9), 4, 10, 11],
      }],
    },
  ],
};

/** The whole file. */
export function kernelNotesFixture(): Uint8Array {
  return taggedPage(LINES, TREE, `/text-unit [/Part ${PDF2_NS} 0 R] /text /P`);
}

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/tagged/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(new URL("kernel_notes.pdf", dir), kernelNotesFixture());
  console.log("kernel_notes.pdf: written");
}
