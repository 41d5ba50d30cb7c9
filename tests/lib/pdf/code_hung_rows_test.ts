/**
 * Rows of a listing standing where the rows it shows wrapped at the column's
 * edge stand (as far below the row above, as far in) are wrapped rows too,
 * though they broke at a space: the listing's line is rebuilt whole.
 */
import assert from "node:assert/strict";
import { codeBlockText } from "../../../lib/pdf/code.ts";
import { markContinuedRow } from "../../../lib/pdf/code_edge_wraps.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";

const mono = { name: "Mono", bold: false, italic: false, monospace: true };

/** A monospace row of `text` at `x0` on baseline `y`, 8.5 pt type. */
function row(text: string, x0: number, y: number): Line {
  const width = text.length * 5.1;
  return {
    spans: [{ text, x: x0, y, width, size: 8.5, font: mono }],
    x0,
    x1: x0 + width,
    y,
    size: 8.5,
    page: 1,
  };
}

/** A listing's lines 12.08 pt apart, from baseline `y`, which give the document its code line step. */
function listing(y: number): Line[] {
  return ["import { format } from 'prettier';", "const out = await format(source, {", "  semi: false,", "});"]
    .map((text, k) => row(text, 305.6, y + k * 12.08));
}

/** A badge's Markdown wrapped under a 5 em hanging indent, 10.62 pt apart: rows 2 and 3 broke at a space. */
function badge(y: number): Line[] {
  const rows = [
    [305.6, "[![code style: prettier]"],
    [348.1, "(https://"],
    [348.1, "img.shields.io/badge/"],
    [348.1, "code_style-prettier-"],
    [348.1, "ff69b4.svg?style=flat-square)"],
  ] as const;
  return rows.map(([x, text], k) => row(text, x, y + k * 10.62));
}

Deno.test("rows at the place of rows wrapped at the edge, under the same hanging indent, are wrapped too", () => {
  const code = listing(100), wrapped = badge(300);
  const stats = documentStats([{
    page: 1,
    width: 595,
    height: 842,
    lines: [...code, ...listing(200), ...wrapped],
  }]);
  // The rows ending in a hyphen or slash at the column's edge, as `markWrappedAtEdge` finds them.
  for (const k of [3, 4]) markContinuedRow(wrapped[k]!);
  const text = codeBlockText(wrapped, stats);
  assert.equal(text.split("\n").length, 1, text);
  assert.match(
    text,
    /^\[!\[code style: prettier\] ?\(https:\/\/ ?img\.shields\.io\/badge\/code_style-prettier-ff69b4/,
  );
});

Deno.test("rows set in elsewhere than the rows wrapped at the edge stay lines of their own", () => {
  const wrapped = badge(300).map((
    l,
    k,
  ) => (k === 1 || k === 2 ? { ...l, y: l.y, x0: 320, spans: [{ ...l.spans[0]!, x: 320 }] } : l));
  const stats = documentStats([{
    page: 1,
    width: 595,
    height: 842,
    lines: [...listing(100), ...listing(200), ...wrapped],
  }]);
  for (const k of [3, 4]) markContinuedRow(wrapped[k]!);
  const text = codeBlockText(wrapped, stats);
  assert.equal(text.split("\n").length, 3, text);
});

Deno.test("a listing of more rows than a call takes arguments is read, its wrapped rows' places kept once", () => {
  // 150,000 rows (a listing over some thousands of pages), each fourth set in and closer: wrapped. Those
  // of the first page are found wrapped at the edge; the others stand where those do.
  const rows = Array.from({ length: 150_000 }, (_, k) => {
    const at = k % 60, wrap = at % 4 === 3;
    const line = row(wrap ? "rest_of_a_long_name" : "const a_long_name_here =", wrap ? 348.1 : 305.6, 0);
    return { ...line, y: 60 + at * 12.08 - (wrap ? 1.46 : 0), page: Math.floor(k / 60) + 1 };
  });
  for (const line of rows.slice(0, 60).filter((l) => l.x0 > 306)) markContinuedRow(line);
  const stats = documentStats([{
    page: 1,
    width: 595,
    height: 842,
    lines: [...listing(100), ...listing(200)],
  }]);
  const text = codeBlockText(rows, stats).split("\n");
  assert.equal(text.length, 150_000 * 3 / 4, "each wrapped row joins the row above");
  assert.equal(text.at(-1), "const a_long_name_here = rest_of_a_long_name");
});
