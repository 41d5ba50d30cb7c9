/**
 * A listing's blank lines told from the space before a paragraph of inline
 * code that follows it: an HTML engine sets each row of a listing, blank
 * ones too, as a box of the listing's line height, so rows after a blank
 * line keep the grid; a paragraph stands at its own spacing, off it.
 */
import assert from "node:assert/strict";
import { continuesCode } from "../../../lib/pdf/code_lines.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import { codeLine } from "../../_support/laid_out_page.ts";

/** WeasyPrint's listings at 8.5 pt in 10.5 pt body text: rows 11.9 apart, wrapped rows 10.63 under them. */
function statsWith(step: number): DocumentStats {
  const gaps = { step, longest: step, wrap: 10.63, below: 10.94 };
  return {
    bodySize: 10.5,
    bodyFamily: "DejaVuSerif",
    lineGap: () => 14.7,
    codeLineGap: () => step,
    codeRowGaps: () => gaps,
  };
}

Deno.test("a row a blank line below the listing's last row continues it; inline code at paragraph spacing does not", () => {
  const stats = statsWith(11.9);
  const last = codeLine("});", 108.6, 475.07, 8.5);
  // One blank row: two boxes of 11.9 pt.
  assert.equal(continuesCode(last, codeLine("watcher.close();", 108.6, 475.07 + 23.8, 8.5), stats), true);
  // A paragraph of inline code after the listing: the listing's and the paragraph's spacing, 0.7 pt further.
  assert.equal(
    continuesCode(last, codeLine("chokidar.watch(paths, [options])", 108.6, 475.07 + 24.49, 8.5), stats),
    false,
  );
});

Deno.test("the row after a wrapped line's rows may stand off the grid and still continue the listing", () => {
  // Source lines measured 11.26 apart, a wrapped row set in under its line: the next source line, a blank
  // row below at the listing's edge, stands 23.16 below the wrapped row (its line set a fraction higher).
  const stats = statsWith(11.2625);
  const wrapped = codeLine('"red underlined")));', 348.1, 300, 8.5);
  assert.equal(
    continuesCode(wrapped, codeLine("// Or import individual parsers", 305.6, 300 + 23.162, 8.5), stats),
    true,
  );
});

Deno.test("without wrapped listings to measure, a blank line keeps the old tolerance of a tenth of a step", () => {
  // AbiWord: rows 12 pt apart, an empty paragraph 13 pt tall for a blank line.
  const stats: DocumentStats = {
    bodySize: 12,
    bodyFamily: "Times",
    lineGap: () => 12,
    codeLineGap: () => 12,
  };
  const last = codeLine("const a = 1;", 71.5, 400, 12);
  assert.equal(continuesCode(last, codeLine("const b = 2;", 71.5, 425, 12), stats), true);
});
