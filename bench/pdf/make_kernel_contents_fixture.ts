/**
 * Writes the fixture of a contents list as LaTeX's 2024+ tagging kernel tags
 * it (`tests/lib/pdf/fixtures/tagged/kernel_contents.pdf`), byte by byte as
 * `make_kernel_tagged_fixture.ts` writes its page: a `TOC` whose entries
 * (`TOCI`) each hold a `Reference` to their section, a `Link` around the
 * section's number (`Lbl`) and title, then the page number (a draft's `?`
 * before one of them); a `TOC` of a section's entries nested in the list,
 * their leaders drawn as artifacts. Number, title and page number stand apart
 * on each row, as an aligned table's cells would. An outline names the
 * second section, its destination level with the section's contents entry
 * (a column's top, in a paper of two columns, level with the contents list).
 *
 *     deno run -A bench/pdf/make_kernel_contents_fixture.ts
 *
 * @module
 */
import { type Elem, OWN_NS, type PageLine, PDF2_NS, taggedPage } from "./make_tagged_fixture.ts";

const LINES: PageLine[] = [
  { x: 72, y: 720, size: 12, runs: [[0, "F2", "Contents"]] },
  { x: 72, y: 700, size: 10, runs: [[1, "F1", "1"], [2, "F1", "    General overview"]] },
  { x: 330, y: 700, size: 10, runs: [[3, "F1", "1"]] },
  {
    x: 86,
    y: 686,
    size: 10,
    runs: [[4, "F1", "1.1"], [5, "F1", "   The goals of the project"], ["artifact", "F1", "  . . . . . ."]],
  },
  { x: 330, y: 686, size: 10, runs: [[6, "F1", "2"]] },
  {
    x: 86,
    y: 672,
    size: 10,
    runs: [[7, "F1", "1.2"], [8, "F1", "   Current status"], ["artifact", "F1", "  . . . . . . . . . ."]],
  },
  { x: 330, y: 672, size: 10, runs: [[9, "F1", "3"]] },
  { x: 72, y: 658, size: 10, runs: [[10, "F1", "2"], [11, "F1", "    Specific aspects of the work"]] },
  { x: 325, y: 658, size: 10, runs: [[12, "F1", "?4"]] },
  {
    x: 72,
    y: 620,
    size: 10,
    runs: [[13, "F1", "The text of the article opens under its contents, in the type its body is set in,"]],
  },
  { x: 72, y: 608, size: 10, runs: [[14, "F1", "and runs on for a second line."]] },
  { x: 72, y: 560, size: 12, runs: [[15, "F2", "2  Specific aspects of the work"]] },
  { x: 72, y: 540, size: 10, runs: [[16, "F1", "The second section opens here."]] },
];

/** A contents entry: a reference to its section, its number and title linked, then its page number. */
function entry(number: number, title: number, page: number): Elem {
  return {
    type: "TOCI",
    kids: [{
      type: "Reference",
      kids: [{ type: "Link", kids: [{ type: "Lbl", ns: PDF2_NS, kids: [number] }, title] }, page],
    }],
  };
}

const TREE: Elem = {
  type: "Document",
  kids: [{
    type: "Sect",
    kids: [
      { type: "H2", ns: PDF2_NS, kids: [0] },
      {
        type: "TOC",
        kids: [entry(1, 2, 3), { type: "TOC", kids: [entry(4, 5, 6), entry(7, 8, 9)] }, entry(10, 11, 12)],
      },
      { type: "text-unit", ns: OWN_NS, kids: [{ type: "text", ns: OWN_NS, kids: [13, 14] }] },
      { type: "H2", ns: PDF2_NS, kids: [15] },
      { type: "text-unit", ns: OWN_NS, kids: [{ type: "text", ns: OWN_NS, kids: [16] }] },
    ],
  }],
};

/** The whole file. */
export function kernelContentsFixture(): Uint8Array {
  return taggedPage(LINES, TREE, `/text-unit [/Part ${PDF2_NS} 0 R] /text /P`, [
    { title: "Specific aspects of the work", top: 670 },
  ]);
}

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/tagged/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(new URL("kernel_contents.pdf", dir), kernelContentsFixture());
  console.log("kernel_contents.pdf: written");
}
