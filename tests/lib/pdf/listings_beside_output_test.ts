/**
 * Listings set beside what they print (a manual's examples, source at the
 * left, result at the right) are read as listings each followed by its
 * result, where the two sides had been read as a table; a table naming
 * options in code beside their descriptions stays a table.
 */
import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { splitListingsBesideOutput } from "../../../lib/pdf/listings_beside_output.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const mono = { name: "LMMono10", bold: false, italic: false, monospace: true };
const math = { name: "LMMath", bold: false, italic: true, monospace: false };
const roman = { name: "LMRoman10", bold: false, italic: false, monospace: false };

function line(text: string, x0: number, y: number, font = mono): Line {
  const span = { text, x: x0, y, width: text.length * 5.2, size: 10, font };
  return { spans: [span], x0, x1: x0 + span.width, y, size: 10, page: 11 };
}

/** Listings keep a 12-point step. */
const stats = { codeLineGap: () => 12 } as unknown as DocumentStats;

/** Two examples: `\begin{equation}` above the table (a listing of one row), and the rest beside results. */
function examples(): Draft[] {
  return [
    { kind: "code", page: 11, lines: [line("\\begin{equation*}", 100, 100)] },
    {
      kind: "table",
      page: 11,
      lines: [],
      rows: [],
      cells: [
        [[line("a=b", 100, 112), line("\\end{equation*}", 100, 124)], [line("a = b", 330, 114, math)]],
        [[line("\\begin{align}", 100, 140), line("a& =b\\\\", 100, 152)], [
          line("(1)", 300, 151, roman),
          line("a = b", 330, 151, math),
        ]],
        [[line("&", 105, 164), line("=c", 120, 164), line("\\end{align}", 100, 176)], [
          line("= c", 330, 164, math),
        ]],
      ],
    },
  ];
}

Deno.test("a table of examples beside their results is read as listings, each followed by its result", () => {
  const drafts = splitListingsBesideOutput(examples(), stats);
  const text = (d: Draft) => d.lines.map((l) => l.spans.map((s) => s.text).join(" "));
  assert.deepEqual(drafts.map((d) => d.kind), ["code", "text", "code", "text"]);
  assert.deepEqual(text(drafts[0]!), ["\\begin{equation*}", "a=b", "\\end{equation*}"]);
  assert.deepEqual(text(drafts[1]!), ["a = b"]);
  // The row's pieces on one baseline are one row again.
  assert.deepEqual(text(drafts[2]!), ["\\begin{align}", "a& =b\\\\", "& =c", "\\end{align}"]);
  assert.deepEqual(text(drafts[3]!), ["(1)", "a = b", "= c"]);
});

Deno.test("a table of option names in code beside their descriptions stays a table", () => {
  const options: Draft = {
    kind: "table",
    page: 11,
    lines: [],
    rows: [],
    cells: [
      [[line("--hidden", 100, 100)], [line("Search hidden files and", 200, 100, roman)]],
      [[line("--follow", 100, 112)], [line("Follow symbolic links", 200, 112, roman)]],
      [[line("--glob", 100, 124)], [line("Glob-based search", 200, 124, roman)]],
    ],
  };
  assert.deepEqual(splitListingsBesideOutput([options], stats), [options]);
});
