/**
 * Authors' boxes side by side under a two-column paper's title are read one
 * box after the other, before the columns' text (`lib/pdf/side_by_side_boxes.ts`):
 * before, their rows interleaved, and a box standing over the right column
 * was read with that column's text, after the whole left column.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { boxedHead } from "../../../lib/pdf/side_by_side_boxes.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const DIR = new URL("./fixtures/paper_authors/", import.meta.url);
/** These tests check structure, not speed: a loaded machine must not cut a conversion short. */
const LIMITS = { timeBudgetMs: 300_000 };

/** Each author's lines, top to bottom, as the fixtures' sources set them. */
const AUTHORS = [
  [
    "Marta Okonkwo",
    "Department of Coastal Studies",
    "Harbour Institute of Technology",
    "marta@harbour.example",
  ],
  ["Tomasz Lindqvist", "Marine Survey Office", "Saltmarsh Laboratory", "tomasz@saltmarsh.example"],
  ["Priya Haldane", "School of Earth Sciences", "University of the Fens", "priya@fens.example"],
];

for (const [name, count] of [["two_authors", 2], ["three_authors", 3]] as const) {
  Deno.test(`${name}: the author boxes are read one after the other, before the columns`, async () => {
    const { markdown } = await convertPdf(await Deno.readFile(new URL(`${name}.pdf`, DIR)), {
      limits: LIMITS,
    });
    const words = AUTHORS.slice(0, count).flat();
    const at = words.map((w) => markdown.indexOf(w));
    assert.ok(at.every((i) => i >= 0), `every author's line is in the text: ${JSON.stringify(at)}`);
    assert.deepEqual(at, [...at].sort((a, b) => a - b), "each box's lines in turn, left box first");
    assert.ok(at[at.length - 1]! < markdown.indexOf("Abstract"), "the boxes before the abstract");
    assert.ok(markdown.indexOf("Tide Gauges") < at[0]!, "the title before the boxes");
  });
}

/** A line of one span at `x`..`x1`, baseline `y`, size `size`. */
function line(text: string, x: number, x1: number, y: number, size = 10): Line {
  const font = { name: "Times-Roman", bold: false, italic: false, monospace: false };
  return {
    spans: [{ text, x, y, width: x1 - x, size, font } as unknown as Line["spans"][number]],
    x0: x,
    x1,
    y,
    size,
    page: 1,
  };
}

/** Two columns (gutter at 300) of running text under a head. */
function page(head: Line[]): Line[] {
  const body = [0, 1, 2, 3].flatMap((
    k,
  ) => [line("left", 50, 290, 300 + k * 12), line("right", 310, 550, 300 + k * 12)]);
  return [...head, ...body];
}

Deno.test("boxes under a larger title are read box by box", () => {
  const head = [
    line("Title", 150, 450, 80, 24),
    line("A. Name", 80, 180, 120),
    line("B. Name", 260, 340, 120),
    line("C. Name", 420, 520, 120),
    line("Institute A", 70, 190, 132),
    line("Institute B", 250, 350, 132),
    line("Institute C", 410, 530, 132),
  ];
  const got = boxedHead(page(head), 300);
  assert.deepEqual(
    got?.lines.map((l) => l.spans[0]!.text),
    ["Title", "A. Name", "Institute A", "B. Name", "Institute B", "C. Name", "Institute C"],
  );
  assert.equal(got?.count, head.length);
});

Deno.test("cells left-aligned in columns, or no larger line above them, are no boxes", () => {
  const table = [
    line("Name", 60, 90, 120),
    line("Value", 320, 350, 120),
    line("Longer name", 60, 160, 132),
    line("A much longer value", 320, 470, 132),
  ];
  assert.equal(boxedHead(page([line("Title", 150, 450, 80, 24), ...table]), 300), undefined);
  const centredRows = [
    line("A. Name", 80, 180, 120),
    line("B. Name", 380, 480, 120),
    line("Institute A", 70, 190, 132),
    line("Institute B", 370, 490, 132),
  ];
  assert.equal(boxedHead(page([line("Caption", 150, 450, 80, 10), ...centredRows]), 300), undefined);
});
