/**
 * Words a narrow table cell breaks at its edge with no hyphen (AbiWord sets
 * columns narrower than a word so): whole again where the document uses the
 * word whole, two words otherwise.
 */
import assert from "node:assert/strict";
import { joinBrokenWords } from "../../../lib/pdf/cell_breaks.ts";
import { inlineMarkdown } from "../../../lib/pdf/inline.ts";
import { cellTexts } from "../../../lib/pdf/tables.ts";
import type { Lexicon } from "../../../lib/pdf/lexicon.ts";
import { LEADING, line } from "../../_support/laid_out_page.ts";

/** A cell's lines from `x`, one a row, 5 points a character. */
function cell(x: number, ...texts: string[]): ReturnType<typeof line>[] {
  return texts.map((text, i) => line(text, x, x + text.length * 5, 100 + i * LEADING));
}

/** Lines labelled as one cell of a ruled table. */
function ruled(lines: ReturnType<typeof line>[]): ReturnType<typeof line>[] {
  const tag = { block: 1, cell: { table: 0, row: 1, column: 1, header: false } };
  for (const l of lines) for (const s of l.spans) s.tag = tag;
  return lines;
}

/** A document's words. */
function lexicon(...words: string[]): Lexicon {
  const known = new Set(words);
  return (word) => known.has(word.toLowerCase());
}

// The column's text ends where its longest line, "Basic", does: 25 points from its left edge.
const RIGHT = 125;

Deno.test("a word broken at a full cell's edge is whole where the document uses it whole", () => {
  const lines = cell(100, "Basic", "color", "supp", "ort", "(16", "color", "s)");
  const whole = joinBrokenWords(lines, RIGHT, lexicon("basic", "color", "colors", "support"));
  assert.ok(whole);
  assert.equal(inlineMarkdown(whole), "Basic color support (16 colors)");
});

Deno.test("lines of a cell stay words apart when the joined word is not the document's", () => {
  const lines = cell(100, "Basic", "color", "supp", "ort");
  assert.equal(joinBrokenWords(lines, RIGHT, lexicon("basic", "color")), null);
  assert.equal(inlineMarkdown(lines), "Basic color supp ort");
});

Deno.test("a line ending short of its cell's edge broke at a space, whatever the words", () => {
  // "in" ends well short of the column's right edge: "into" is not a broken word here.
  const lines = cell(100, "Basic", "in", "to");
  assert.equal(joinBrokenWords(lines, RIGHT, lexicon("into")), null);
  // A capital after the break opens a word of its own.
  assert.equal(joinBrokenWords(cell(100, "Basic", "color", "Supp"), RIGHT, lexicon("colorsupp")), null);
});

Deno.test("in a narrow column a full line is a broken word unless the next line opens a word of the prose", () => {
  // Nothing but these lines: the joined words are nowhere else in the document.
  const words = lexicon();
  const prose = lexicon("all", "color", "on");
  const narrow = { left: 100, prose };
  const join = (...texts: string[]) => {
    const lines = ruled(cell(100, ...texts));
    return inlineMarkdown(joinBrokenWords(lines, RIGHT, words, narrow) ?? lines);
  };
  // `Descr` and `milli` left no room for a letter more: broken; `on` is too short to open a word alone.
  assert.equal(join("All", "Descr", "iption"), "All Description");
  assert.equal(join("All", "milli", "on"), "All million");
  assert.equal(join("All", "color", "s"), "All colors");
  // `color` is a prose word: it opens a word of its own. `All` left room for a letter: a space broke it.
  // (`Basic` over a word the prose lacks would read as one word: nothing tells the two apart.)
  assert.equal(join("Basic", "color"), "Basic color");
  assert.equal(join("All", "disab"), "All disab");
  // A column many ems wide is not narrow: its full lines broke at spaces as often as not.
  assert.equal(joinBrokenWords(ruled(cell(100, "Basic", "iption")), RIGHT, words, { left: 0, prose }), null);
  // Nor is an aligned table's column, which ends where its text does rather than at a rule.
  assert.equal(joinBrokenWords(cell(100, "Basic", "iption"), RIGHT, words, narrow), null);
});

Deno.test("in a narrow column of centred cells the widest line fills nothing: `Latest` over `yes` stays two words", () => {
  const narrow = { left: 100, prose: lexicon() };
  // `Latest` spans the column; `yes` is centred under it, set in from the column's left edge.
  const lines = ruled([line("Latest", 100, 130, 100), line("yes", 107.5, 122.5, 100 + LEADING)]);
  assert.equal(joinBrokenWords(lines, 130, lexicon(), narrow), null);
  assert.equal(inlineMarkdown(lines), "Latest yes");
  // Set flush left, the same lines read as one word broken at the edge.
  const flush = ruled(cell(100, "Latest", "yes"));
  assert.equal(inlineMarkdown(joinBrokenWords(flush, 130, lexicon(), narrow) ?? flush), "Latestyes");
});

Deno.test("a cell's line ending at a word's own hyphen keeps it when the document's words say so", () => {
  // `time-` over `based)`: read without the word list the hyphen is taken for a typesetter's and dropped.
  const lines = cell(100, "Generate a version 7 (Unix Epoch time-", "based) UUID");
  const words: Lexicon = Object.assign(lexicon("time", "based", "time-based"), {
    keepsHyphen: (head: string, tail: string) => `${head}-${tail}` === "time-based",
  });
  const table = { cells: [[[line("Name", 0, 20, 88)], lines]], rows: [["Name", inlineMarkdown(lines)]] };
  assert.deepEqual(cellTexts(table, words), [["Name", "Generate a version 7 (Unix Epoch time-based) UUID"]]);
});

Deno.test("a cell's line filling it after a word's slash goes on with the next line's word", () => {
  // `Requests/` fills the column (its longest line); `sec` is no word of the document.
  const lines = cell(100, "Requests/", "sec");
  const whole = joinBrokenWords(lines, 100 + "Requests/".length * 5, lexicon());
  assert.ok(whole);
  assert.equal(inlineMarkdown(whole), "Requests/sec");
  // A slash standing alone, or a line short of the edge, breaks at a space.
  assert.equal(joinBrokenWords(cell(100, "yes /", "no"), 100 + "yes /".length * 5, lexicon()), null);
  assert.equal(
    joinBrokenWords(cell(100, "and/", "or", "Requests"), 100 + "Requests".length * 5, lexicon()),
    null,
  );
});

Deno.test("a name joined by underscores broken at a full cell's edge is whole, whatever the words", () => {
  // `max_depth` over `_limit`, `opt0` over `_0`, `user_` over `agent`: no line of prose opens or ends at one.
  const words = lexicon();
  const join = (...texts: string[]) => {
    const whole = joinBrokenWords(cell(100, ...texts), RIGHT, words);
    return whole && inlineMarkdown(whole);
  };
  assert.equal(join("Basic", "opt0", "_0"), "Basic opt0\\_0");
  assert.equal(join("Basic", "user_", "agent"), "Basic user\\_agent");
  // A line short of the edge broke at a space, and a lone underscore is no name.
  assert.equal(join("Basic", "in", "_0"), null);
  assert.equal(join("Basic", "_", "cell"), null);
});

Deno.test("a number broken after its point or comma at a full cell's edge is whole", () => {
  const join = (...texts: string[]) => {
    const whole = joinBrokenWords(cell(100, ...texts), RIGHT, lexicon());
    return whole && inlineMarkdown(whole);
  };
  assert.equal(join("Basic", "1024.", "5"), "Basic 1024.5");
  assert.equal(join("Basic", "1024,", "200"), "Basic 1024,200");
  assert.equal(join("Basic", "in 2.", "5"), "Basic in 2.5");
  // A line short of the edge broke at a space.
  assert.equal(join("Basic", "2.", "5"), null);
});

Deno.test("a word broken in three at a full cell's edge mends piece by piece", () => {
  // `ness` goes on with `supportive`, the two pieces above it joined, though `rtiveness` is no word.
  const whole = joinBrokenWords(
    cell(100, "Basic", "suppo", "rtive", "ness"),
    RIGHT,
    lexicon("supportive", "supportiveness"),
  );
  assert.ok(whole);
  assert.equal(inlineMarkdown(whole), "Basic supportiveness");
});
