/**
 * The bottom a document's pages reach: the baseline most full pages end on,
 * not a page lengthened by hand; where pages end anywhere, the lowest line.
 */
import assert from "node:assert/strict";
import { codeRunsOn } from "../../../lib/pdf/code_passes.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { pageBottom } from "../../../lib/pdf/page_bottom.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const stats: DocumentStats = {
  bodySize: 10,
  bodyFamily: "LMRoman",
  lineGap: () => 12,
  codeLineGap: () => 12,
};

/** A paragraph of two lines on `page`, its last on `bottom`. */
function page(page: number, bottom: number): Draft {
  const line = (y: number): Line => ({ spans: [], x0: 100, x1: 400, y, size: 10, page });
  return { kind: "text", page, lines: [line(bottom - 12), line(bottom)] };
}

Deno.test("most pages end on one baseline: a page lengthened by hand does not set the bottom", () => {
  // Pages 1–6 full at 671.8, two chapters' last pages short, page 7 lengthened by two lines, page 10 the last.
  const ends = [671.8, 671.8, 671.8, 671.8, 671.8, 671.8, 695.7, 412.3, 530.1, 320];
  const drafts = ends.map((bottom, i) => page(i + 1, bottom));
  assert.equal(pageBottom(drafts, 695.7, stats), 671.8);
  // A listing ending a full page runs on: measured to the lengthened page, it had two rows of room left.
  const code = (p: number, ...ys: number[]): Draft => ({
    kind: "code",
    page: p,
    lines: ys.map((y): Line => ({ spans: [], x0: 100, x1: 300, y, size: 10, page: p })),
  });
  assert.equal(
    codeRunsOn(code(3, 659.8, 671.8), code(4, 133.8, 145.8), pageBottom(drafts, 695.7, stats), stats),
    true,
  );
  assert.equal(codeRunsOn(code(3, 659.8, 671.8), code(4, 133.8, 145.8), 695.7, stats), false);
});

Deno.test("pages that end anywhere (boxes moved whole) keep the lowest line as their bottom", () => {
  const ends = [693, 740, 758.2, 676, 734, 743, 697, 708];
  assert.equal(pageBottom(ends.map((bottom, i) => page(i + 1, bottom)), 758.2, stats), 758.2);
});
