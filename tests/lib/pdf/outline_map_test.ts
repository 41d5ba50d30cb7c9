/**
 * Outline entries mapped to the lines they point at: by page, the height the
 * destination names, and the title's text.
 */
import assert from "node:assert/strict";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import { mapOutline } from "../../../lib/pdf/outline_map.ts";
import type { OutlineEntry, PageText } from "../../../lib/pdf/types.ts";
import { pageAt } from "../../_support/laid_out_page.ts";

/** The text and level of each heading line found, in page order. */
function found(entries: OutlineEntry[], ...rows: Array<[string, number, number, number]>) {
  const page = pageAt(...rows);
  const hits = mapOutline([page], entries);
  return page.lines.filter((l) => hits.has(l)).map((l) => [plainLineText(l), hits.get(l)!.level]);
}

/** An entry on page 1 whose destination shows `y` (top-down) at the window's top. */
function entry(title: string, level: number, y?: number): OutlineEntry {
  return y === undefined ? { title, level, page: 1 } : { title, level, page: 1, top: 842 - y };
}

Deno.test("an entry takes the line spelling its title nearest its destination", () => {
  const rows: Array<[string, number, number, number]> = [
    ["Options", 72, 110, 100],
    ["Each option is described below.", 72, 300, 112],
    ["Options", 72, 110, 400],
    ["Set them in the file.", 72, 200, 412],
  ];
  assert.deepEqual(found([entry("Options", 3, 390)], ...rows), [["Options", 3]]);
  // The second one, not the first: found by the height, not the order.
  const page = pageAt(...rows);
  const hits = mapOutline([page], [entry("Options", 3, 390)]);
  assert.ok(hits.has(page.lines[2]!) && !hits.has(page.lines[0]!));
  // Without a height, the first on the page.
  assert.ok(mapOutline([page], [entry("Options", 3)]).has(page.lines[0]!));
});

Deno.test("a heading wrapped over two lines, or opening with its number, is found whole", () => {
  assert.deepEqual(
    found(
      [entry("Choosing a recursive directory implementation", 2, 95), entry("Results", 1, 195)],
      ["Choosing a recursive directory", 72, 250, 100],
      ["implementation", 72, 150, 112],
      ["Text of the section.", 72, 200, 130],
      ["2.1 Results", 72, 130, 200],
    ),
    [["Choosing a recursive directory", 2], ["implementation", 2], ["2.1 Results", 1]],
  );
});

Deno.test("a contents list's bullet, a listing's brace and a line far from the destination are no heading", () => {
  assert.deepEqual(found([entry("Install", 2, 95)], ["• Install", 72, 120, 100]), []);
  assert.deepEqual(found([entry("Install", 2, 300)], ["Install", 72, 120, 100]), []);
  assert.deepEqual(
    found([entry("security", 1, 95)], ["}", 72, 78, 90], ["security", 72, 120, 104]),
    [["security", 1]],
  );
});

Deno.test("near the destination a title mangled by the producer still names its heading; elsewhere it does not", () => {
  const row: [string, number, number, number] = ["bodyParser.json([options])", 72, 220, 100];
  assert.deepEqual(found([entry("bodyParser.jsonptions ]", 3, 90)], row), [[
    "bodyParser.json([options])",
    3,
  ]]);
  assert.deepEqual(found([entry("bodyParser.jsonptions ]", 3)], row), []);
});

Deno.test("a title with letters dropped names its heading, wrapped or not, and not a longer line holding it", () => {
  // gropdf drops escaped characters from its bookmarks: `ora(text)` becomes `oraxt`.
  assert.deepEqual(found([entry("oraxt", 3, 90)], ["ora(text)", 72, 130, 100]), [["ora(text)", 3]]);
  assert.deepEqual(
    found(
      [entry("mkdirpr: string => Promise<string | undefined>", 2, 90)],
      ["mkdirp(dir: string) => Promise<string | un-", 72, 330, 100],
      ["defined>", 72, 130, 112],
      ["Makes the directory.", 72, 230, 130],
    ),
    [["mkdirp(dir: string) => Promise<string | un-", 2], ["defined>", 2]],
  );
  // Most of the line's letters must be the title's, and the last one too.
  assert.deepEqual(found([entry("xt get/set", 4, 90)], [".prefixText get/set", 72, 200, 100]), []);
  assert.deepEqual(found([entry("oraxt", 3, 90)], ["ora(text) and more", 72, 200, 100]), []);
});

Deno.test("a hyphenated heading near its destination is found from its own first row, not from a smaller line above it", () => {
  // The last line of a box over the heading stands nearer the destination than the heading's first row; the
  // heading, set larger, wraps with a hyphen, so only the title spelled with letters astray finds it.
  const page = pageAt(
    ["file for the theme's name.", 90, 230, 100],
    ["Adding or changing file type associa-", 72, 290, 122],
    ["tions", 72, 110, 140],
  );
  for (const line of page.lines.slice(1)) line.size = 14.4;
  const hits = mapOutline([page], [entry("Adding or changing file type associations", 2, 92)]);
  assert.deepEqual(page.lines.filter((l) => hits.has(l)).map(plainLineText), [
    "Adding or changing file type associa-",
    "tions",
  ]);
});

Deno.test("a smaller label over a heading the outline names ('Chapter 2') stays the heading's first row", () => {
  const page = pageAt(
    ["Chapter 2", 72, 180, 100],
    ["Features and their sta-", 72, 400, 132],
    ["tus", 72, 120, 162],
  );
  page.lines[0]!.size = 20.7;
  for (const line of page.lines.slice(1)) line.size = 24.9;
  const hits = mapOutline([page], [entry("Features and their status", 1, 92)]);
  assert.deepEqual(page.lines.filter((l) => hits.has(l)).map(plainLineText), [
    "Chapter 2",
    "Features and their sta-",
    "tus",
  ]);
});

Deno.test("a destination far from its heading: the one row spelling the title in a found heading's look", () => {
  // AASTeX's lettered appendix sections point at their page's foot; the heading stands at its top, in capitals.
  const rows: Array<[string, number, number, number]> = [
    ["APPENDIX INFORMATION", 200, 390, 100],
    ["Appendices are lettered.", 72, 300, 130],
    ["More text of the appendix.", 72, 300, 142],
    ["B. AUTHOR CHARGES", 220, 370, 300],
    ["The charges are set per quantum.", 72, 400, 330],
  ];
  const outline = [entry("Appendix information", 1, 90), entry("Author charges", 1, 800)];
  const headings = (page: PageText) => {
    const hits = mapOutline([page], outline);
    return page.lines.filter((l) => hits.has(l)).map(plainLineText);
  };
  assert.deepEqual(headings(pageAt(...rows)), ["APPENDIX INFORMATION", "B. AUTHOR CHARGES"]);
  // Set as the body is, or with no heading found where the outline pointed, the far row is nobody's heading.
  const asBody = rows.map(([text, ...at]): [string, number, number, number] => [
    text.replace("AUTHOR CHARGES", "Author charges"),
    ...at,
  ]);
  assert.deepEqual(headings(pageAt(...asBody)), ["APPENDIX INFORMATION"]);
  assert.deepEqual(headings(pageAt(...rows.slice(1))), []);
  // Two rows spelling it in that look: neither is taken.
  assert.deepEqual(headings(pageAt(...rows, ["AUTHOR CHARGES", 220, 370, 500])), ["APPENDIX INFORMATION"]);
});

Deno.test("a line the outline leaves out, set and placed as the capitals of the headings it found, is one of them", () => {
  // AASTeX sets its sections centred in capitals at body size, and writes no bookmark for REFERENCES.
  const rows: Array<[string, number, number, number]> = [
    ["ABSTRACT", 270, 325, 80],
    ["1. INTRODUCTION", 250, 345, 100],
    ["Text of the introduction runs on.", 72, 522, 115],
    ["and on over a second line", 72, 522, 127],
    ["and a third.", 72, 200, 139],
    ["2. METHODS", 260, 335, 200],
    ["Text of the methods runs on.", 72, 522, 215],
    ["and on over a second line", 72, 522, 227],
    ["and a third.", 72, 200, 239],
    ["3. RESULTS", 262, 333, 300],
    ["Text of the results runs on.", 72, 522, 315],
    ["and on over a second line", 72, 522, 327],
    ["and a third.", 72, 200, 339],
    ["REFERENCES", 262, 333, 400],
    ["Author, A. 2013, A&A, 558, A33", 72, 300, 415],
    ["NASA", 72, 100, 430],
    ["Author, B. 2018, AJ, 156, 123", 72, 300, 460],
  ];
  const outline = [entry("Introduction", 1, 90), entry("Methods", 1, 190), entry("Results", 1, 290)];
  const headings = (page: PageText) => {
    const hits = mapOutline([page], outline);
    return page.lines.filter((l) => hits.has(l)).map((l) => [plainLineText(l), hits.get(l)!.level]);
  };
  const found = [["1. INTRODUCTION", 1], ["2. METHODS", 1], ["3. RESULTS", 1]];
  // Not the front matter's ABSTRACT before the first heading, nor NASA, flush left and with no space above.
  assert.deepEqual(headings(pageAt(...rows)), [...found, ["REFERENCES", 1]]);
  // Headings set in capitals and small letters tell nothing of a line in capitals.
  const mixed = rows.map(([text, ...at]): [string, number, number, number] => [
    /^\d/.test(text) ? text[0] + text.slice(1).toLowerCase() : text,
    ...at,
  ]);
  assert.deepEqual(headings(pageAt(...mixed)).length, 3);
});
