import assert from "node:assert/strict";
import { joinRuns, type PageRun } from "../../../lib/pdf/page_run.ts";
import type { Span, Tag } from "../../../lib/pdf/types.ts";

/** A run of one page whose single line holds spans with the given tags. */
function run(page: number, tags: (Tag | undefined)[], ids: number): PageRun {
  const font = { name: "Serif", bold: false, italic: false, monospace: false };
  const spans: Span[] = tags.map((tag, i) => ({
    text: `w${i}`,
    x: i * 10,
    y: 100,
    width: 8,
    size: 10,
    font,
    tag,
  }));
  return {
    pages: [{ page, width: 600, height: 800, lines: [{ spans, x0: 0, x1: 100, y: 100, size: 10, page }] }],
    pageCharacters: [{ page, characters: tags.length * 2 }],
    warnings: [`warning ${page}`],
    ids,
  };
}

Deno.test("joinRuns() moves each run's structure ids past the runs before it, as one run numbers them", () => {
  const shared: Tag = { block: 0, heading: 2 };
  const first = run(1, [shared, shared], 3);
  const second = run(2, [
    { block: 0, listItem: { id: 1, depth: 0 }, label: true },
    { block: 2, cell: { table: 1, row: 0, column: 1, header: true } },
    undefined,
  ], 4);
  const joined = joinRuns([first, second]);
  assert.equal(joined.ids, 7);
  assert.deepEqual(joined.pageCharacters.map((p) => p.page), [1, 2]);
  assert.deepEqual(joined.warnings, ["warning 1", "warning 2"]);
  assert.deepEqual(joined.pages[0]!.lines[0]!.spans.map((s) => s.tag), [shared, shared]);
  assert.deepEqual(joined.pages[1]!.lines[0]!.spans.map((s) => s.tag), [
    { block: 3, listItem: { id: 4, depth: 0 }, label: true },
    { block: 5, cell: { table: 4, row: 0, column: 1, header: true } },
    undefined,
  ]);
  assert.deepEqual(shared, { block: 0, heading: 2 }, "tags shared between spans are not moved twice");
});

Deno.test("joinRuns() hands back a lone run as it is", () => {
  const lone = run(1, [{ block: 0 }], 1);
  assert.equal(joinRuns([lone]), lone);
});
