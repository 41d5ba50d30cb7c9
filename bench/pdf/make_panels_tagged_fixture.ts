/**
 * Writes the fixture of a tagged page whose reading order only its structure
 * tree gives (`tests/lib/pdf/fixtures/tagged/panels.pdf`), byte by byte as
 * `make_tagged_fixture.ts` writes its page:
 *
 * - A contents list (`TOC`, `TOCI`): each entry's section number apart from
 *   its title, dot leaders and the page number at the right margin, nested
 *   entries set in, and titles holding a command in typewriter type
 *   (`The \text command`), as LaTeX sets a manual's contents.
 * - An example set as two panels side by side: its source (`Code`) on the
 *   left, what it prints (`P`) on the right, their lines on shared
 *   baselines and written to the content stream row by row. The tree lists
 *   the source first, then the result.
 *
 *     deno run -A bench/pdf/make_panels_tagged_fixture.ts
 *
 * @module
 */
import { type Elem, type PageLine, PDF2_NS, type Run, taggedPage } from "./make_tagged_fixture.ts";

/** Dot leaders from a title's end to the page number's column. */
const LEADERS = " . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .";

/** A contents entry's title runs: plain text, with a word in typewriter type where `code` is given. */
type Title = [before: string, code?: string, after?: string];

/** A contents entry: section number, title, page number, nesting depth, and its first marked-content id. */
function entry(
  number: string,
  title: Title,
  page: string,
  depth: number,
  y: number,
  mcid: number,
): PageLine[] {
  const x = 72 + depth * 18;
  const [before, code, after] = title;
  const runs: Run[] = [[mcid + 1, "F1", before]];
  if (code) runs.push([mcid + 2, "F3", code], [mcid + 3, "F1", `${after ?? ""}${LEADERS}`]);
  else runs[0]![2] += LEADERS;
  return [
    { x, y, size: 10, runs: [[mcid, "F1", number]] },
    { x: x + 22, y, size: 10, runs },
    { x: 520, y, size: 10, runs: [[mcid + 4, "F1", page]] },
  ];
}

/** The contents entries: [number, title, page, depth]. */
const ENTRIES: Array<[string, Title, string, number]> = [
  ["1", ["Introduction"], "2", 0],
  ["2", ["The ", "\\text", " command"], "3", 0],
  ["2.1", ["Sizes of text in formulas"], "3", 1],
  ["2.2", ["The ", "\\mod", " family"], "4", 1],
  ["3", ["Sums and integrals"], "5", 0],
  ["3.1", ["Limits set below"], "5", 1],
  ["3.2", ["The ", "\\sideset", " command"], "6", 1],
  ["4", ["Commutative diagrams"], "7", 0],
  ["5", ["Using math fonts"], "8", 0],
  ["5.1", ["Bold symbols"], "8", 1],
];

/** Marked-content ids each entry takes (number, three title runs, page number). */
const ENTRY_IDS = 5;

/** First marked-content id after the contents. */
const BODY = ENTRIES.length * ENTRY_IDS;

/** The marked-content id of the contents' title, after all others. */
const TITLE = BODY + 9;

/** The source panel's lines (left) and the result panel's (right), on shared baselines. */
const SOURCE = ["\\begin{series}", "  first, second,", "  third", "\\end{series}"];
const RESULT = ["The series prints its", "items in a row, parted", "by commas."];

/** The page's lines: the contents, a paragraph, the two panels row by row, a paragraph. */
function lines(): PageLine[] {
  const out: PageLine[] = [{ x: 72, y: 700, size: 14, runs: [[TITLE, "F2", "Contents"]] }];
  // A top-level entry stands a little apart from the entries above it.
  let y = 690;
  ENTRIES.forEach(([number, title, page, depth], i) => {
    y -= depth === 0 ? 22 : 12;
    out.push(...entry(number, title, page, depth, y, i * ENTRY_IDS));
  });
  out.push({
    x: 72,
    y: 490,
    size: 11,
    runs: [[BODY, "F1", "Each example shows its source on the left and what it prints on the right:"]],
  });
  for (let row = 0; row < SOURCE.length; row++) {
    const y = 466 - row * 14;
    out.push({ x: 72, y, size: 10, runs: [[BODY + 1 + row, "F3", SOURCE[row]!]] });
    if (row < RESULT.length) {
      out.push({ x: 320, y, size: 11, runs: [[BODY + 1 + SOURCE.length + row, "F1", RESULT[row]!]] });
    }
  }
  out.push({
    x: 72,
    y: 390,
    size: 11,
    runs: [[BODY + 1 + SOURCE.length + RESULT.length, "F1", "The commas come from the environment itself."]],
  });
  return out;
}

/** Marked-content ids from `first`, `count` of them. */
function ids(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

const TREE: Elem = {
  type: "Document",
  kids: [
    { type: "P", ns: PDF2_NS, kids: [TITLE] },
    {
      type: "TOC",
      ns: PDF2_NS,
      kids: ENTRIES.map(([, title], i) => {
        const first = i * ENTRY_IDS;
        const kids = title[1] ? ids(first, ENTRY_IDS) : [first, first + 1, first + 4];
        return { type: "TOCI", ns: PDF2_NS, kids: [{ type: "Reference", ns: PDF2_NS, kids }] };
      }),
    },
    { type: "P", ns: PDF2_NS, kids: [BODY] },
    { type: "Code", ns: PDF2_NS, kids: ids(BODY + 1, SOURCE.length) },
    { type: "P", ns: PDF2_NS, kids: ids(BODY + 1 + SOURCE.length, RESULT.length) },
    { type: "P", ns: PDF2_NS, kids: [BODY + 1 + SOURCE.length + RESULT.length] },
  ],
};

/** The whole file. */
export function panelsTaggedFixture(): Uint8Array {
  return taggedPage(lines(), TREE, "");
}

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/tagged/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(new URL("panels.pdf", dir), panelsTaggedFixture());
  console.log("panels.pdf: written");
}
