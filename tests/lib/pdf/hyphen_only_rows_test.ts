/**
 * Listing rows an engine broke at a hyphen, on pages whose listings show
 * that spaces never break them (LuaTeX's verbatim in two columns).
 */
import assert from "node:assert/strict";
import { isWrappedAtEdge, markWrappedAtEdge } from "../../../lib/pdf/code_edge_wraps.ts";
import { joinWrappedRow } from "../../../lib/pdf/code_row_joins.ts";
import { breaksAtHyphensOnly, hyphenOnlyBreak, proseEdgeAt } from "../../../lib/pdf/hyphen_only_rows.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const CELL = 4.73;
const LEFT = 310;

/** A line of `text` from `x` on baseline `y`, a span for each word (as pdf.js reads LuaTeX's rows). */
function wordLine(text: string, x: number, y: number, monospace = true): Line {
  const font = { name: monospace ? "DejaVuSansMono" : "LMRoman10", bold: false, italic: false, monospace };
  const spans = [...text.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    x: x + m.index * CELL,
    y,
    width: m[0].length * CELL,
    size: 8,
    font,
  }));
  return { spans, x0: x, x1: x + text.length * CELL, y, size: 8, page: 1 };
}

const isCode = (l: Line) => l.spans.every((s) => s.font.monospace);

/** A justified column's full lines, 50 cells wide: its prose edge. */
const column = [100, 110, 120].map((y) =>
  wordLine("prose set justified across the whole column width", LEFT, y, false)
);
const EDGE = column[0]!.x1;

/** A row with spaces running 20 cells past the column: an engine breaking at spaces would have wrapped it. */
const overrun = wordLine(
  "hyperfine --prepare 'sync; echo 3 | sudo tee /proc/sys/vm/drop_caches' 'grep",
  LEFT,
  150,
);

/** `bat --` ending 12 cells short of the edge: `paging=never` alone would fit, the run to `-l` not. */
const row = wordLine("tail -f /var/log/pacman.log | bat --", LEFT, 200);
const rest = wordLine("paging=never -l log", LEFT, 210);

Deno.test("a column's prose edge is where three of its prose lines end level", () => {
  assert.equal(proseEdgeAt(LEFT + 20, [...column, row], isCode), EDGE);
  assert.equal(proseEdgeAt(LEFT + 20, column.slice(0, 2), isCode), undefined);
});

Deno.test("a code row running past its column at a space tells a page whose listings break at hyphens only", () => {
  assert.equal(breaksAtHyphensOnly([...column, overrun, row, rest], isCode), true);
  // Rows inside the column tell nothing, nor does an overrunning row with no space before the edge.
  assert.equal(breaksAtHyphensOnly([...column, row, rest], isCode), false);
  const token = wordLine(`https://example.com/${"a".repeat(60)} x`, LEFT, 150);
  assert.equal(breaksAtHyphensOnly([...column, token, row, rest], isCode), false);
});

Deno.test("on such a page a row ending in an option's dashes goes on below where the run to the next hyphen would not fit", () => {
  assert.ok(rest.x0 <= row.x0 && row.x1 + "paging=never".length * CELL < EDGE);
  const page = [...column, overrun, row, rest];
  assert.equal(hyphenOnlyBreak(row, rest, page, isCode), true);
  markWrappedAtEdge(row, rest, page, isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(
    joinWrappedRow("tail -f /var/log/pacman.log | bat --", "paging=never -l log"),
    "tail -f /var/log/pacman.log | bat --paging=never -l log",
  );
  // A single dash far short of the edge, the rest with no hyphen at all (`tr -` `d "[:space:]'")`).
  const tr = wordLine('condition=$(echo "$condition" | tr -', LEFT, 200);
  const quoted = wordLine(`d "[:space:]'")`, LEFT, 210);
  assert.equal(hyphenOnlyBreak(tr, quoted, [...column, overrun, tr, quoted], isCode), true);
  // Where the run would have fitted, the hyphen ends a source line.
  const short = wordLine("-l", LEFT, 210);
  assert.equal(hyphenOnlyBreak(row, short, [...column, overrun, row, short], isCode), false);
  // A rule of dashes is no hyphen broken at.
  const rule = wordLine("# ----------", LEFT, 200);
  assert.equal(hyphenOnlyBreak(rule, rest, [...column, overrun, rule, rest], isCode), false);
});

Deno.test("where no row on the page overruns, the document's other pages tell", () => {
  const above = wordLine("tail -f /var/log/pacman.log | bat --", LEFT, 200);
  const next = wordLine("paging=never -l log", LEFT, 210);
  const page = [...column, above, next];
  assert.equal(hyphenOnlyBreak(above, next, page, isCode), false);
  markWrappedAtEdge(above, next, page, isCode);
  assert.equal(isWrappedAtEdge(next), false);
  assert.equal(hyphenOnlyBreak(above, next, page, isCode, true), true);
  markWrappedAtEdge(above, next, page, isCode, true);
  assert.equal(isWrappedAtEdge(next), true);
});
