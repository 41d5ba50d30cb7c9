import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { readingOrder, rewriteHangingEntries } from "../../../lib/pdf/hanging_entries.ts";
import type { RowPiece } from "../../../lib/pdf/hanging_pieces.ts";
import type { Run } from "../../../lib/pdf/hanging_runs.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { onePagePdf } from "../../_support/synthetic_pdf.ts";

/** A line of Helvetica text at `x`, `y` (page space), `size` points. */
interface Placed {
  text: string;
  x: number;
  y: number;
  size?: number;
}

/** A one-page PDF showing each line where placed, in order. */
function page(lines: readonly Placed[]): Uint8Array {
  const content = lines.map(({ text, x, y, size = 9 }) =>
    `BT /F1 ${size} Tf ${x} ${y} Td (${text.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`
  ).join("\n");
  return onePagePdf(content);
}

/** Entries of an author-year bibliography, each its lines: the first flush, the others hung in. */
const ENTRIES = [
  ["Bertin, E., & Arnouts, S. 1996, A&AS, 117, 393,", "doi: 10.1051/aas:1996164"],
  ["Corrales, L. 2015, ApJ, 805, 23,", "doi: 10.1088/0004-637X/805/1/23"],
  ["Ferland, G. J., Porter, R. L., van Hoof, P. A. M., et al.", "2013, RMxAA, 49, 137."],
  ["Hanisch, R. J., & Biemesderfer, C. D. 1989, in BAAS, 780"],
  ["Lamport, L. 1994, LaTeX: A Document Preparation", "System, 2nd edn. (Addison-Wesley Professional)"],
  ["Li, L., Zhang, J., Peter, H., et al. 2018, ApJ, 868, L33,", "doi: 10.3847/2041-8213/aaf167"],
];

/** The entries set from `top` down at `left`, wraps 9 points in, 13 points apart. */
function hangingList(entries: readonly string[][], left: number, top: number): Placed[] {
  return entries.flat().map((text, i) => {
    const first = entries.some((lines) => lines[0] === text);
    return { text, x: first ? left : left + 9, y: top - i * 13 };
  });
}

Deno.test("a bibliography set with a hanging indent is a list, each entry an item with its wraps", async () => {
  const { markdown } = await convertPdf(page(hangingList(ENTRIES, 72, 700)));
  for (const lines of ENTRIES) assert.ok(markdown.includes(`- ${lines.join(" ")}`), markdown);
});

Deno.test("a hanging list in two columns of a few rows under one-column text is read column by column", async () => {
  const prose = [
    "The general commands take this form, and they can be used for any units the author requires in the text",
    "of the article, in tables and in captions alike, as the examples of the last section showed for the Sun.",
  ].map((text, i) => ({ text, x: 72, y: 720 - i * 14, size: 10 }));
  const entries = [ENTRIES[0]!, ENTRIES[1]!, ENTRIES[3]!, ENTRIES[4]!, ENTRIES[5]!];
  const left = hangingList(entries.slice(0, 2), 72, 660), right = hangingList(entries.slice(2), 320, 660.5);
  // The page draws the rows across both columns, as a reader grouping baselines reads them (the right
  // column's a little higher, as a column set to its own depth may stand).
  const rows = [...left, ...right].sort((a, b) => b.y - a.y || a.x - b.x);
  const { markdown } = await convertPdf(page([...prose, ...rows]));
  const at = entries.map((lines) => markdown.indexOf(`- ${lines.join(" ")}`));
  assert.ok(at.every((i) => i >= 0), markdown);
  assert.deepEqual([...at].sort((a, b) => a - b), at, markdown);
});

Deno.test("paragraphs whose first lines are indented stay paragraphs", async () => {
  const paragraphs = [
    [
      "Tables that exceed a print page take a slightly different environment, since both",
      "rotation and long table printing are required in these cases of very wide tables.",
    ],
    [
      "The command moves any rotated table down by the length given to it, which helps",
      "to centre extremely wide landscape tables on their pages when they are printed.",
    ],
    [
      "A handy sheet that provides the commands needed to produce seventeen kinds of",
      "tables is available from the journals, with examples of each of them as printed.",
    ],
  ];
  const placed = paragraphs.flatMap((lines, p) =>
    lines.map((text, i) => ({ text, x: i === 0 ? 87 : 72, y: 700 - (p * 2 + i) * 13, size: 10 }))
  );
  const { markdown } = await convertPdf(page(placed));
  assert.ok(!/^- /m.test(markdown), markdown);
  for (const lines of paragraphs) assert.ok(markdown.includes(lines.join(" ")), markdown);
});

Deno.test("a description list and notes hung as a bibliography is, naming no authors and years, stay as read", async () => {
  const terms = [
    [
      "boxwex: a scale factor to be applied to all boxes, when there are only",
      "a few groups of boxes in the plot.",
    ],
    [
      "staplewex, outwex: staple and outlier line width expansion, proportional",
      "to box width; both default to half.",
    ],
    [
      "boxlty, boxlwd, boxcol: box outline type, width, color and fill color,",
      "which currently defaults to the plot's.",
    ],
    ["whisklty, whisklwd: whisker line type, dashed by default, and width."],
  ];
  const notes = [
    [
      "1 For portable code (including that to be used in packages) only letters and",
      "digits should be used.",
    ],
    ["2 Not inside strings, nor within the argument list of a function definition,", "nor in a comment."],
    [
      "3 Some of the consoles will not allow you to enter more, and amongst those",
      "which do some discard the excess.",
    ],
  ];
  for (const entries of [terms, notes]) {
    const { markdown } = await convertPdf(page(hangingList(entries, 72, 700)));
    assert.ok(!/^- /m.test(markdown), markdown);
  }
});

Deno.test("a long column hung as no list reads each line's text a few times, not again for each run tried", () => {
  // Entries and wraps that cite no work: a run is tried from each of them in turn. Each try read every
  // piece after it again (its text, its faces, its marker), the square of the column's length.
  const font = { name: "Helvetica", bold: false, italic: false, monospace: false };
  const count = 1000;
  let reads = 0;
  const lines: Line[] = Array.from({ length: count }, (_, i) => {
    const x = i % 2 === 0 ? 72 : 84, y = 50 + i * 12;
    const text = i % 2 === 0
      ? "Smith, J. and Jones, K. on the light curves of novae"
      : "going on over a second line";
    const span = {
      x,
      y,
      width: text.length * 5,
      size: 10,
      font,
      get text() {
        reads++;
        return text;
      },
    } as Span;
    return { spans: [span], x0: x, x1: x + span.width, y, size: 10, page: 1 };
  });
  const [page] = rewriteHangingEntries([{ page: 1, width: 612, height: 50 + count * 12, lines }]);
  assert.equal(page!.lines.length, count, "no list: the entries cite no year");
  assert.ok(reads <= count * 10, `${reads} reads of ${count} lines' text`);
});

/** The reading order as first written: each member found by a search, each region spliced back. */
function searchedOrder(all: readonly RowPiece[], runs: readonly Run[]): RowPiece[] {
  const order = [...all];
  for (const run of runs) {
    const top = run.pieces[0]!.y, bottom = run.pieces.at(-1)!.y;
    const beside = runs.filter((r) => r.pieces[0]!.y <= bottom && r.pieces.at(-1)!.y >= top);
    if (beside.length < 2 || beside[0] !== run) continue;
    const members = new Map(beside.flatMap((r) => r.pieces.map((p) => [p, r.pieces[0]!.x0] as const)));
    const ats = [...members.keys()].map((p) => order.indexOf(p));
    const from = Math.min(...ats), to = Math.max(...ats);
    if (ats.length !== to - from + 1) continue;
    const region = order.slice(from, to + 1).sort((a, b) => members.get(a)! - members.get(b)! || a.at - b.at);
    order.splice(from, region.length, ...region);
  }
  return order;
}

Deno.test("runs of columns sharing their rows are read run by run as a search of each member read them", () => {
  let seed = 3;
  const random = (n: number) =>
    Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 * n);
  let reordered = 0;
  for (let trial = 0; trial < 300; trial++) {
    // Rows across two or three columns, each at its own edge; a row left out of a column now and then.
    const all: RowPiece[] = [];
    const byColumn: RowPiece[][] = Array.from({ length: 2 + random(2) }, () => []);
    for (let row = 0; row < 4 + random(30); row++) {
      for (let column = 0; column < byColumn.length; column++) {
        if (random(12) === 0) continue;
        const piece = {
          lines: [],
          x0: 72 + column * 200,
          y: row * 12,
          size: 10,
          at: all.length,
          cells: false,
        };
        all.push(piece);
        byColumn[column]!.push(piece);
      }
    }
    // Runs: stretches of each column's pieces, column by column (now and then in the reverse order).
    const runs: Run[] = [];
    for (const pieces of byColumn) {
      for (let i = random(3); i < pieces.length;) {
        const length = 2 + random(16);
        runs.push({ pieces: pieces.slice(i, i + length), entries: new Set(), hang: 10, size: 10 });
        i += length + random(2);
      }
    }
    if (random(3) === 0) runs.reverse();
    const order = readingOrder(all, runs);
    assert.deepEqual(order, searchedOrder(all, runs));
    if (order.some((p, i) => p !== all[i])) reordered++;
  }
  // Many pages' runs were read column by column: the test sees the reordering, not only the order kept.
  assert.ok(reordered > 50, `${reordered}`);
});
