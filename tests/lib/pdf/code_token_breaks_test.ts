/**
 * Listing rows an engine broke inside a token, going on below with no
 * space: compact JSON broken after a key's colon (`"pid":` `657`; a row
 * whose keys are followed by a space broke at that space), and an address
 * broken after its `?` (`https://host/watch?` `v=…`).
 */
import assert from "node:assert/strict";
import { brokenBeforeQuery } from "../../../lib/pdf/code_address_breaks.ts";
import { brokenAfterCompactKey } from "../../../lib/pdf/code_key_breaks.ts";
import { isWrappedAtEdge, markWrappedAtEdge } from "../../../lib/pdf/code_edge_wraps.ts";
import { joinWrappedRow } from "../../../lib/pdf/code_row_joins.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** Width of a character: 10 pt type, monospace code and prose alike. */
const CELL = 6;

/** A line of `text` in spans as given (an HTML engine splits a row at its spaces), from `x` on baseline `y`. */
function line(pieces: string[], x: number, y: number, monospace = true): Line {
  const font = { name: monospace ? "Mono" : "Sans", bold: false, italic: false, monospace };
  let at = x;
  const spans = pieces.map((text) => {
    const span = { text, x: at, y, width: text.length * CELL, size: 10, font };
    at += (text.length + 1) * CELL;
    return span;
  });
  return { spans, x0: x, x1: at - CELL, y, size: 10, page: 1 };
}

const isCode = (l: Line) => l.spans.every((s) => s.font.monospace);

/** Two lines of prose reaching the column's edge, 60 cells from its left. */
const column = [
  line(["Each line of the log below is one object printed as JSON, up to here."], 72, 100, false),
  line(["The lines are long, and the listing wraps them at the column's edge."], 72, 112, false),
].map((l) => ({ ...l, x1: 72 + 70 * CELL, spans: [{ ...l.spans[0]!, width: 70 * CELL }] }));

Deno.test("a row of compact JSON broken after a key's colon goes on below, joined with no space", () => {
  const row = line(['{"level":30,"time":1531171074631,"msg":"hello', 'world","pid":'], 72, 200);
  const rest = line(['657,"hostname":"Davids-MBP-3.fritz.box"}'], 72, 212);
  assert.ok(
    row.x1 > 72 + 55 * CELL && row.x1 <= 72 + 70 * CELL,
    "the row reaches most of the way to the edge",
  );
  markWrappedAtEdge(row, rest, [...column, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(
    joinWrappedRow('{"level":30,"msg":"hello world","pid":', '657,"hostname":"box"}'),
    '{"level":30,"msg":"hello world","pid":657,"hostname":"box"}',
  );
});

Deno.test("a row whose keys have a space after their colon broke at a space", () => {
  assert.equal(brokenAfterCompactKey('{ "level": 30, "pid":', "657 }"), false);
  assert.equal(
    joinWrappedRow('{ "level": 30, "msg": "hello world", "pid":', "657 }"),
    '{ "level": 30, "msg": "hello world", "pid": 657 }',
  );
  // A quote opens no value an engine breaks before, and a key alone tells no style.
  assert.equal(brokenAfterCompactKey('{"level":30,"msg":', '"hello"}'), false);
  assert.equal(brokenAfterCompactKey('{"pid":', "657}"), false);
  const row = line(['{ "level": 30, "time": 1531171074631, "msg": "hello', 'world", "pid":'], 72, 200);
  const rest = line(['657, "hostname": "Davids-MBP-3.fritz.box" }'], 72, 212);
  markWrappedAtEdge(row, rest, [...column, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), false);
});

Deno.test("a row broken after an address's `?` goes on below with its query, joined with no space", () => {
  // An unhighlighted listing wraps at its own step, back at its edge under an indented line.
  const row = line(
    ["pi.html)", "or", "watch", "again", "this", "[talk](https://www.youtube.com/watch?"],
    72,
    200,
  );
  const rest = line(["v=lJ8ydIuPFeU)", "on", "the", "topic."], 72, 212);
  assert.ok(
    row.x1 > 72 + 60 * CELL && row.x1 <= 72 + 70 * CELL,
    "the row reaches most of the way to the edge",
  );
  markWrappedAtEdge(row, rest, [...column, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(
    joinWrappedRow("[talk](https://www.youtube.com/watch?", "v=lJ8ydIuPFeU) on the topic."),
    "[talk](https://www.youtube.com/watch?v=lJ8ydIuPFeU) on the topic.",
  );
  // A question ending a row, outside any address, ends a sentence.
  assert.equal(brokenBeforeQuery("// is the host up?", "then retry"), false);
  assert.equal(joinWrappedRow("// is the host up?", "then retry"), "// is the host up? then retry");
});

Deno.test("brokenBeforeQuery() reads a long row of addresses' schemes in time linear in its length", () => {
  // Matched from each `a://` on, a row of 100,000 of them took minutes; read back from its end, at once.
  assert.equal(brokenBeforeQuery("a://".repeat(100_000), "v=1"), false);
  assert.equal(brokenBeforeQuery(`${"a://".repeat(100_000)}?`, "v=1"), true);
});
