/**
 * Lines wholly or partly of code that are not listings, on pages laid out
 * line by line: a heading made of inline code, and inline code ending a line
 * of prose that justification stretched apart.
 */
import assert from "node:assert/strict";
import {
  codeLine,
  LEADING,
  LEFT,
  line,
  markdown,
  pageOf,
  paragraphs,
  proseThenCode,
  RIGHT,
  SIZE,
} from "../../_support/laid_out_page.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** The fenced code blocks of some Markdown. */
function codeBlocks(text: string): string[] {
  return [...text.matchAll(/^```\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

Deno.test("a bold line of code a point larger than body text is a heading (LaTeX's \\large at 11 pt is 1.09 times the body)", () => {
  const body = 10.9;
  const prose = (text: string, x1: number, y: number): Line => {
    const l = line(text, LEFT, x1, y);
    for (const s of l.spans) s.size = body;
    return { ...l, size: body };
  };
  const signature = "mkdirp(dir: string) => Promise<string>";
  const out = markdown(pageOf([
    prose("A paragraph of body text set at eleven points runs across the column to", RIGHT, 100),
    prose("its end.", 120, 113.5),
    codeLine("import { mkdirp } from 'mkdirp';", LEFT, 125.3, body),
    codeLine("await mkdirp('/tmp/foo/bar/baz');", LEFT, 140, body),
    // Two steps of 12 pt code below the listing (13.5 pt scaled), as if a blank line of it parted them.
    codeLine(signature, LEFT, 169.3, 11.955, { bold: true }),
    prose("Creates a directory and any of its parents that are missing.", 400, 190),
  ]));
  assert.deepEqual(
    codeBlocks(out),
    ["import { mkdirp } from 'mkdirp';\nawait mkdirp('/tmp/foo/bar/baz');"],
    out,
  );
  assert.ok(paragraphs(out).includes(`# \`${signature}\``), out);
});

Deno.test("prose ending in inline code, stretched to the right edge of a justified page, is one line", () => {
  const label = line("Values:", LEFT, LEFT + 35, 136);
  const values = codeLine("'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' |", LEFT + 82, 136);
  values.spans[0]!.width = RIGHT - values.x0;
  values.x1 = RIGHT;
  const out = markdown(pageOf([
    line("A paragraph runs across the whole column to the right margin, where", LEFT, RIGHT, 100),
    line("its lines end together as justified text does, line after line until", LEFT, RIGHT, 100 + LEADING),
    line("it stops short.", LEFT, 160, 100 + 2 * LEADING),
    label,
    values,
    codeLine("'white' | false", LEFT, 136 + LEADING),
    line("The colour of the spinner, or none: a last line that runs to the", LEFT, RIGHT, 136 + 3 * LEADING),
    line("margin.", LEFT, 110, 136 + 4 * LEADING),
  ]));
  assert.deepEqual(codeBlocks(out), [], out);
  assert.ok(paragraphs(out).some((p) => p.startsWith("Values: `'black' |")), out);
  assert.equal(SIZE * 4 < values.x0 - label.x1, true, "the gap is wider than a stretched space elsewhere");
});

Deno.test("a bold line of code whose spaces are not whole character cells is typeset text, not the listing above it", () => {
  // troff justifies a heading made of inline code: its spaces stretch off the code font's 6 pt grid.
  const words = ["glob(pattern:", "string,", "options?:", "GlobOptions)", "=>", "Promise<Path[]>"];
  let x = LEFT;
  const spans = words.map((text) => {
    const span = { ...codeLine(text, x, 124, SIZE, { bold: true }).spans[0]! };
    x += span.width + 7.7;
    return span;
  });
  const heading: Line = { spans, x0: LEFT, x1: x - 7.7, y: 124, size: SIZE, page: 1 };
  const out = markdown(pageOf([
    codeLine("npm install glob", LEFT, 88),
    codeLine("npm install glob-bin", LEFT, 100),
    // Two code lines' steps below the listing, as a blank line of it would stand.
    heading,
    line("Performs an asynchronous glob search for the patterns given.", LEFT, 400, 141),
  ]));
  assert.deepEqual(codeBlocks(out), ["npm install glob\nnpm install glob-bin"], out);
  assert.ok(
    paragraphs(out).some((p) =>
      p.endsWith("`glob(pattern: string, options?: GlobOptions) => Promise<Path[]>`")
    ),
    out,
  );
});

Deno.test("inline code broken after a hyphen runs on: without the hyphen where the document uses the word whole", () => {
  const mixed = (prose: string, code: string, y: number) => proseThenCode(prose, code, LEFT, y);
  const out = markdown(pageOf([
    line("Every call returns a Promise, and the CLI lives in another package.", LEFT, 400, 100),
    mixed("It returns a", "Prom-", 112),
    codeLine("ise<Path[]>", LEFT, 124),
    line("once the search ends. The command line tool comes from", LEFT, 360, 136),
    mixed("the package", "glob-", 148),
    codeLine("bin", LEFT, 160),
    line("now.", LEFT, 100, 172),
  ]));
  assert.match(out, /`Promise<Path\[\]>`/);
  assert.match(out, /`glob-bin`/);
});

Deno.test("a paragraph of inline code spans a text space apart is prose, not a listing", () => {
  // A word processor sets each span in the code face and the spaces between them in the paragraph's, a
  // third of a cell wide (6 pt cells, 2.5 pt spaces): the runs keep no listing's grid.
  const row = (words: string[], y: number): Line => {
    let x = LEFT;
    const spans = words.map((text) => {
      const span = { ...codeLine(text, x, y).spans[0]! };
      x += span.width + 2.5;
      return span;
    });
    return { spans, x0: LEFT, x1: x - 2.5, y, size: SIZE, page: 1 };
  };
  const out = markdown(pageOf([
    line("Prose runs across the column, from its left edge on to the right one.", LEFT, RIGHT, 100),
    line("It ends here.", LEFT, 140, 100 + LEADING),
    row(["fooBarBaz()", "quxQuux()", "corgeGrault()", "garplyWaldo()", "fredPlugh()"], 100 + 2 * LEADING),
    row(["xyzzyThud()", "alphaBeta()"], 100 + 3 * LEADING),
    line("Prose after it.", LEFT, 160, 100 + 4 * LEADING),
  ]));
  assert.deepEqual(codeBlocks(out), [], out);
  assert.match(out, /`fooBarBaz\(\) quxQuux\(\) corgeGrault\(\) garplyWaldo\(\) fredPlugh\(\)/, out);
});
