/**
 * Rows of code wrapped at their column's edge that the wrap test met
 * before only within a page: the rest opening the next page
 * (`code_turn_wraps.ts`), the rest's first word drawn in pieces (a ligature
 * apart), and an index broken from its bracket with the rest back at an
 * unindented row's edge.
 */
import assert from "node:assert/strict";
import { codeBlockText } from "../../../lib/pdf/code.ts";
import { isWrappedAtEdge, markWrappedAtEdge } from "../../../lib/pdf/code_edge_wraps.ts";
import { markWrappedOverTurn } from "../../../lib/pdf/code_turn_wraps.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** Width of a character: 10 pt type, monospace code and prose alike. */
const CELL = 6;

/** A line of pieces drawn one straight after another (no space between), from `x` on baseline `y`. */
function line(pieces: string[], x: number, y: number, page = 1, monospace = true): Line {
  const font = { name: monospace ? "Mono" : "Serif", bold: false, italic: false, monospace };
  let at = x;
  const spans = pieces.map((text) => {
    const span = { text, x: at, y, width: text.length * CELL, size: 10, font };
    at += text.length * CELL;
    return span;
  });
  return { spans, x0: x, x1: at, y, size: 10, page };
}

/** Two lines of prose reaching the column's edge, `cells` from its left at 72 pt. */
function column(page: number, cells = 70): Line[] {
  return [100, 112].map((y) => line(["p".repeat(cells)], 72, y, page, false));
}

const isCode = (l: Line) => l.spans.every((s) => s.font.monospace);

/** A code step of 12 pt on 10 pt type. */
const stats: DocumentStats = { bodySize: 10, bodyFamily: "serif", lineGap: () => 12, codeLineGap: () => 12 };

/** A row ending in a lone `!` most of the way to the edge (70 cells), and the token after it, too long for the rest. */
const NEGATED = "  ignored: (path, stats) => stats?.isFile() && !";
const REST = 'path.endsWith(".js"), // only watch js files';

Deno.test("a row wrapped after a lone `!` at a page turn goes on atop the next page", () => {
  const prose = column(1);
  const last = line([NEGATED], 72, 700, 1);
  const listing: Draft = {
    kind: "code",
    page: 1,
    lines: [line(["const watcher = chokidar.watch(dir, {"], 72, 688), last],
  };
  const next: Draft = {
    kind: "code",
    page: 2,
    lines: [line([REST], 72, 80, 2), line(["  persistent: true,"], 72, 92, 2)],
  };
  markWrappedOverTurn([{ kind: "text", page: 1, lines: prose }, listing], next, stats);
  assert.equal(isWrappedAtEdge(next.lines[0]!), true);
  const text = codeBlockText([...listing.lines, ...next.lines], stats);
  assert.equal(text.split("\n")[1], NEGATED + REST);
  assert.equal(text.split("\n").length, 3);
});

Deno.test("a wrapped row's first word drawn in pieces is read whole", () => {
  // A ligature drawn apart (`fi` `le.endsWith`): the first piece alone would have fitted after the row.
  const row = line(["  // ignored: (file, _stats) => _stats?.isFile() && !"], 72, 200);
  const rest = line(["fi", "le.endsWith('.txt'),"], 72, 212);
  markWrappedAtEdge(row, rest, [...column(1), row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
});

Deno.test("an index broken from its bracket goes on at an unindented row's edge", () => {
  // Three cells short of the edge: the rest's first token (`[c]':`) would not have fitted.
  const text = "assert.deepEqual(qs.parse('a[b][c]=d', { depth: 0 }), { 'a[b]";
  const edge = column(1, text.length + 3);
  const row = line([text], 72, 200);
  const rest = line(["[c]': 'd' });"], 72, 212);
  markWrappedAtEdge(row, rest, [...edge, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(codeBlockText([row, rest], stats), text + "[c]': 'd' });");
  // A row set in further is a line of its own: an array's next row under its first.
  const nested = line(["[c]"], 72 + 2 * CELL, 212);
  markWrappedAtEdge(row, nested, [...edge, row, nested], isCode);
  assert.equal(isWrappedAtEdge(nested), false);
  // Outside a string, a closing bracket over an opening one at the same edge ends a line: help text.
  const help = line(["  [pattern]  the search pattern (a regular expression; optional) [x]"], 72, 300);
  const next = line(["  [path]...  the root directories for the search (optional)"], 72, 312);
  markWrappedAtEdge(help, next, [...column(1, help.spans[0]!.text.length + 3), help, next], isCode);
  assert.equal(isWrappedAtEdge(next), false);
});
