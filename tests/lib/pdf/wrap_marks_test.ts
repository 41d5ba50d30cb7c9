/**
 * A listing's continuation mark (`↪→` before the rest of a row LaTeX wrapped
 * with `breaklines`) is dropped and the row joined to the one above; an arrow
 * the code writes in its own font stays.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { isWrappedAtEdge } from "../../../lib/pdf/code_edge_wraps.ts";
import { dropWrapMarks } from "../../../lib/pdf/wrap_marks.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { REAL_DOCUMENTS, realPdfUrl, realSourceUrl } from "../../_support/pdf_real_corpus.ts";

const MONO = { name: "SourceCodePro-Regular", bold: false, italic: false, monospace: true };
const SYMBOL = { name: "LMMathSymbols6-Regular", bold: false, italic: false, monospace: true };

/** A span of `text` at `x` on baseline `y`, six points a character. */
function span(text: string, x: number, y: number, font = MONO): Span {
  return { text, x, y, width: text.length * 6, size: 10, font };
}

/** A line of spans. */
function line(...spans: Span[]): Line {
  const last = spans.at(-1)!;
  return { page: 1, y: spans[0]!.y, x0: spans[0]!.x, x1: last.x + last.width, size: 10, spans };
}

/** One page of lines. */
function page(lines: Line[]) {
  return [{ page: 1, width: 595, height: 842, lines }];
}

Deno.test("a mark standing before a row's rest is dropped and the rest joins the row above", () => {
  const above = line(span("public static void map(String[] left, int", 95, 200));
  const mark = line(span("↪", 98, 214, SYMBOL), span("→", 99, 214, SYMBOL));
  const rest = line(span("splitIndex) {", 119, 214));
  const [out] = dropWrapMarks(page([above, mark, rest]));
  assert.deepEqual(out!.lines, [above, rest]);
  assert.ok(isWrappedAtEdge(rest));
});

Deno.test("a mark opening the row itself is taken off it; an arrow in the code's own font stays", () => {
  const above = line(span("public static void map(String[] left, int", 95, 200));
  const marked = line(span("↪→", 98, 214, SYMBOL), span("splitIndex) {", 112, 214));
  const [out] = dropWrapMarks(page([above, marked]));
  assert.equal(out!.lines[1]!.spans.map((s) => s.text).join(""), "splitIndex) {");
  assert.ok(isWrappedAtEdge(out!.lines[1]!));
  const arrow = line(span("→ next state", 95, 214));
  assert.deepEqual(dropWrapMarks(page([above, arrow]))[0]!.lines, [above, arrow]);
  // With no code above, a lone arrow beside code is left alone.
  const lone = [line(span("→", 98, 214, SYMBOL)), line(span("splitIndex) {", 119, 214))];
  assert.deepEqual(dropWrapMarks(page(lone))[0]!.lines, lone);
});

Deno.test("an Eisvogel listing wrapped with a continuation mark comes out as the source's line", async () => {
  const name = "eisvogel-code-without-listings";
  assert.ok(!REAL_DOCUMENTS.find((d) => d.name === name)!.heldOut);
  const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
    limits: { timeBudgetMs: 300_000 },
  });
  const fences = (md: string) => md.split(/^```.*$/m).filter((_, i) => i % 2 === 1).map((b) => b.trim());
  assert.deepEqual(fences(markdown), fences(await Deno.readTextFile(realSourceUrl(name))));
});
