/**
 * Writes the fixture of the shapes LaTeX's 2024+ tagging kernel gives a
 * document's structure (`tests/lib/pdf/fixtures/tagged/kernel.pdf`), byte by
 * byte as `make_tagged_fixture.ts` writes its page: the TeX Live at hand
 * runs the older kernel, which writes none of them.
 *
 * - Chapter headings of two lines, a label ("Chapter 1", or a number between
 *   dashes: "—2—") and a title,
 *   each in a `NonStruct` of its own inside the `H1` (no `Lbl`), the types
 *   in the document's own namespace mapped to the PDF 2.0 ones (`chapter` →
 *   `H1`, `text-unit` → `Part`, `text` → `P`).
 * - A display formula (`Formula`) between two paragraphs of one
 *   `text-unit`: two fractions' numerators and denominators on baselines of
 *   their own above and below the main line, and the equation's number
 *   (`Lbl`) at the right margin, pieces that aligned so read as a table.
 * - A nomenclature: a list whose items' labels (symbols) and bodies stand
 *   in two aligned columns, which read as a table.
 * - A description list's item whose term (a message) is set in typewriter
 *   type, in the item's `Lbl`, and a paragraph after the list set in as far
 *   as the item's definition.
 * - A paragraph in bold whose second line holds a command in typewriter
 *   type (so is not all bold).
 * - A word hyphenated at a line's end, its hyphen marked as an `Artifact`
 *   (LuaTeX's tagging marks the hyphens TeX adds so).
 * - A footnote (`footnote`, mapped to `FENote`) of two lines: its number in
 *   the note's `Lbl`, set close up to the first word of its text, which is
 *   a `P` of its own inside the note; its mark in the text a `Lbl` of the
 *   paragraph it is set in, the note right after it, as the kernel tags
 *   `\footnote`.
 *
 *     deno run -A bench/pdf/make_kernel_tagged_fixture.ts
 *
 * @module
 */
import { type Elem, OWN_NS, type PageLine, PDF2_NS, taggedPage } from "./make_tagged_fixture.ts";

const LINES: PageLine[] = [
  { x: 72, y: 720, size: 20, runs: [[0, "F2", "Chapter 1"]] },
  { x: 72, y: 680, size: 24, runs: [[1, "F2", "Introduction"]] },
  {
    x: 72,
    y: 640,
    size: 11,
    runs: [[
      2,
      "F1",
      "The energy of a moving fluid changes as heat flows in and as the forces on it do work,",
    ]],
  },
  { x: 72, y: 626, size: 11, runs: [[3, "F1", "which the balance below writes for a unit of volume:"]] },
  { x: 150, y: 598, size: 11, runs: [[4, "F1", "d"]] },
  { x: 400, y: 598, size: 11, runs: [[5, "F1", "d"]] },
  {
    x: 146,
    y: 590,
    size: 11,
    runs: [[6, "F1", "--  [ r ( e + u/2 ) ] + div [ r ( h + u/2 ) u ] = - div q + r u g +"]],
  },
  { x: 396, y: 590, size: 11, runs: [[7, "F1", "--  ( d u )"]] },
  { x: 500, y: 590, size: 11, runs: [[8, "F1", "(1.1)"]] },
  { x: 148, y: 578, size: 11, runs: [[9, "F1", "dt"]] },
  { x: 398, y: 578, size: 11, runs: [[10, "F1", "dx"]] },
  {
    x: 72,
    y: 550,
    size: 11,
    runs: [[11, "F1", "where the first term is the change of the energy held in the volume over time."]],
  },
  { x: 72, y: 516, size: 11, runs: [[12, "F2", "C"]] },
  { x: 110, y: 516, size: 11, runs: [[13, "F1", "material curve"]] },
  { x: 72, y: 502, size: 11, runs: [[14, "F2", "r"]] },
  { x: 110, y: 502, size: 11, runs: [[15, "F1", "material position [m]"]] },
  { x: 72, y: 488, size: 11, runs: [[16, "F2", "u"]] },
  { x: 110, y: 488, size: 11, runs: [[17, "F1", "velocity [m/s]"]] },
  {
    x: 72,
    y: 456,
    size: 11,
    runs: [[18, "F1", "The terms of the balance take their names from the enhance"], ["artifact", "F1", "-"]],
  },
  { x: 72, y: 442, size: 11, runs: [[19, "F1", "ments the model made to the older one."]] },
  { x: 72, y: 400, size: 20, runs: [[20, "F2", "\u20142\u2014"]] },
  { x: 72, y: 366, size: 24, runs: [[21, "F2", "Results"]] },
  {
    x: 72,
    y: 330,
    size: 11,
    runs: [[22, "F1", "The balance holds for every volume we measured."], [32, "F1", "1"]],
  },
  { x: 72, y: 300, size: 11, runs: [[23, "F3", "Missing number, treated as zero"]] },
  { x: 90, y: 286, size: 11, runs: [[24, "F1", "The solver expected a number where none was given."]] },
  {
    x: 90,
    y: 271,
    size: 11,
    runs: [[33, "F1", "Set in as far as the definitions, a paragraph follows the list."]],
  },
  {
    x: 72,
    y: 256,
    size: 11,
    runs: [[25, "F2", "Note: some environments keep all their lines in one box, so"]],
  },
  {
    x: 72,
    y: 242,
    size: 11,
    runs: [[26, "F2", "neither "], [27, "F3", "\\displaybreak"], [28, "F2", " nor a page can split them."]],
  },
  {
    x: 72,
    y: 120,
    size: 9,
    runs: [[29, "F1", "1"], [
      30,
      "F1",
      "A note at the foot of the page, its number set close up to its text,",
    ]],
  },
  { x: 72, y: 109, size: 9, runs: [[31, "F1", "runs on to a second line of the same note."]] },
];

/** A list item of a nomenclature: its symbol as the label, its meaning as the body. */
function symbolItem(label: number, body: number): Elem {
  return {
    type: "LI",
    ns: PDF2_NS,
    kids: [{ type: "Lbl", ns: PDF2_NS, kids: [label] }, {
      type: "LBody",
      ns: PDF2_NS,
      kids: [{ type: "text", ns: OWN_NS, kids: [body] }],
    }],
  };
}

/** A chapter's heading: its label and its title, each line in a `NonStruct` of its own. */
function chapter(label: number, title: number): Elem {
  return {
    type: "chapter",
    ns: OWN_NS,
    kids: [{ type: "NonStruct", kids: [{ type: "Span", kids: [label] }] }, {
      type: "NonStruct",
      kids: [{ type: "Span", kids: [title] }],
    }],
  };
}

/** The footnote: its number in its `Lbl`, its text a paragraph of its own. */
const FOOTNOTE: Elem = {
  type: "footnote",
  ns: OWN_NS,
  kids: [{ type: "Lbl", ns: PDF2_NS, kids: [29] }, {
    type: "text-unit",
    ns: OWN_NS,
    kids: [{ type: "text", ns: OWN_NS, kids: [30, 31] }],
  }],
};

const TREE: Elem = {
  type: "Document",
  kids: [{
    type: "Sect",
    kids: [
      chapter(0, 1),
      {
        type: "text-unit",
        ns: OWN_NS,
        kids: [
          { type: "text", ns: OWN_NS, kids: [2, 3] },
          {
            type: "Formula",
            ns: PDF2_NS,
            kids: [4, 5, 6, 7, { type: "Lbl", ns: PDF2_NS, kids: [8] }, 9, 10],
          },
          { type: "text", ns: OWN_NS, kids: [11] },
        ],
      },
      { type: "L", ns: PDF2_NS, kids: [symbolItem(12, 13), symbolItem(14, 15), symbolItem(16, 17)] },
      { type: "text-unit", ns: OWN_NS, kids: [{ type: "text", ns: OWN_NS, kids: [18, 19] }] },
      chapter(20, 21),
      {
        type: "text-unit",
        ns: OWN_NS,
        kids: [{ type: "text", ns: OWN_NS, kids: [22, { type: "Lbl", ns: PDF2_NS, kids: [32] }, FOOTNOTE] }],
      },
      { type: "L", ns: PDF2_NS, kids: [symbolItem(23, 24)] },
      { type: "text-unit", ns: OWN_NS, kids: [{ type: "text", ns: OWN_NS, kids: [33] }] },
      { type: "text-unit", ns: OWN_NS, kids: [{ type: "text", ns: OWN_NS, kids: [25, 26, 27, 28] }] },
    ],
  }],
};

/** The whole file. */
export function kernelTaggedFixture(): Uint8Array {
  return taggedPage(
    LINES,
    TREE,
    `/chapter [/H1 ${PDF2_NS} 0 R] /text-unit [/Part ${PDF2_NS} 0 R] /text /P /footnote [/FENote ${PDF2_NS} 0 R]`,
  );
}

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/tagged/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(new URL("kernel.pdf", dir), kernelTaggedFixture());
  console.log("kernel.pdf: written");
}
