/**
 * A tagged page whose reading order only its structure tree gives: two
 * panels side by side and a contents list, read from a fixture
 * (`fixtures/tagged/panels.pdf`) written by
 * `bench/pdf/make_panels_tagged_fixture.ts` and converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { panelsTaggedFixture } from "../../../bench/pdf/make_panels_tagged_fixture.ts";
import { readBandsInTreeOrder } from "../../../lib/pdf/tree_order.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const FIXTURE = new URL("./fixtures/tagged/panels.pdf", import.meta.url);

Deno.test("the committed panels fixture is what its script writes", async () => {
  assert.deepEqual(await Deno.readFile(FIXTURE), panelsTaggedFixture());
});

Deno.test("two panels side by side are read in the tree's order: the source whole, then its result", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  assert.ok(
    markdown.includes("```\n\\begin{series}\n  first, second,\n  third\n\\end{series}\n```"),
    markdown,
  );
  assert.ok(markdown.includes("\n\nThe series prints its items in a row, parted by commas.\n\n"), markdown);
  assert.ok(markdown.indexOf("\\end{series}") < markdown.indexOf("The series prints"), markdown);
  assert.ok(!markdown.includes("|"), markdown);
});

Deno.test("a contents page whose titles hold typewriter words is a nested list, not a table", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  const list = [
    "- 1 Introduction",
    "- 2 The \\\\text command",
    "  - 2.1 Sizes of text in formulas",
    "  - 2.2 The \\\\mod family",
    "- 3 Sums and integrals",
    "  - 3.1 Limits set below",
    "  - 3.2 The \\\\sideset command",
    "- 4 Commutative diagrams",
    "- 5 Using math fonts",
    "  - 5.1 Bold symbols",
  ].join("\n");
  assert.ok(markdown.includes(list), markdown);
  assert.ok(!markdown.includes(". . ."), markdown);
});

/** A line of one span, tagged with structure element `block` (untagged when undefined). */
function line(text: string, x: number, y: number, block?: number): Line {
  const span = {
    text,
    x,
    y,
    width: text.length * 5,
    size: 10,
    font: { name: "F", bold: false, italic: false, monospace: false },
    ...(block === undefined ? {} : { tag: { block } }),
  };
  return { spans: [span], x0: x, x1: x + span.width, y, size: 10, page: 1 } as Line;
}

Deno.test("lines without tags, or side by side in one row only, keep their order by geometry", () => {
  const untagged = [line("a", 72, 100), line("b", 300, 100), line("c", 72, 112), line("d", 300, 112)];
  assert.equal(readBandsInTreeOrder(untagged), untagged);
  // One row of a term and its definition, then prose across both: no band.
  const single = [
    line("term", 72, 100, 2),
    line("meaning", 300, 100, 1),
    line("prose ".repeat(60), 72, 112, 3),
  ];
  assert.equal(readBandsInTreeOrder(single), single);
});

Deno.test("a band ends at a line across where its panels part, and at a wide blank", () => {
  const left = [line("x", 72, 100, 5), line("y", 72, 112, 5)];
  const right = [line("p", 300, 100, 4), line("q", 300, 112, 4)];
  const across = line("prose ".repeat(60), 72, 124, 3);
  const far = [line("r", 72, 200, 6), line("s", 300, 200, 7)];
  const page = [left[0]!, right[0]!, left[1]!, right[1]!, across, ...far];
  const read = readBandsInTreeOrder(page).map((l) => l.spans[0]!.text);
  assert.deepEqual(read.slice(0, 4), ["p", "q", "x", "y"]);
  assert.deepEqual(read.slice(4), [across.spans[0]!.text, "r", "s"]);
});
