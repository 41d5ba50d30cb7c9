import assert from "node:assert/strict";
import { readingOrder } from "../../../lib/pdf/layout.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import {
  codeLine,
  LEADING,
  LEFT,
  line,
  markdown,
  pageAt,
  pageOf,
  proseThenCode,
  RIGHT,
} from "../../_support/laid_out_page.ts";

// Four columns at these left edges, one line of 12 points a row.
const A = 72, B = 150, C = 250, D = 350;

Deno.test("a table cell that ran into the next two splits at each column's left edge", () => {
  // 5 points a character: the spaces fall 0.6 of a character left of the second and third columns' edges.
  const swallowed = `${"a".repeat(15)} ${"b".repeat(19)} cc`;
  const text = markdown(pageAt(
    ["Name", A, 95, 100],
    ["Kind", B, 175, 100],
    ["Size", C, 270, 100],
    ["Notes", D, 375, 100],
    ["first", A, 97, 112],
    ["kind", B, 170, 112],
    ["1", C, 255, 112],
    ["none", D, 370, 112],
    [swallowed, A, A + swallowed.length * 5, 124],
    ["none", D, 370, 124],
  ));
  assert.match(text, /^\| a{15} \| b{19} \| cc \| none \|$/m);
  assert.match(text, /^\| first \| kind \| 1 \| none \|$/m);
});

/** Option names in a narrow left column, their wrapped descriptions beside them: 12 points a line. */
function optionsTable(top: number, descriptionRight: number): Line[] {
  const rows: Array<[string, string[]]> = [
    ["[options.clockseq = (ran-", ["RFC clock sequence as a number", "between 0 and 0x3fff"]],
    ["[options.msecs = (current", [
      "RFC timestamp field, the number",
      "of milliseconds since the unix",
      "epoch",
    ]],
    ["[options.nsecs = (nothing)", ["RFC timestamp field, the number", "of nanoseconds to add to msecs"]],
    ["[options.random = (none)", ["An array of 16 random bytes", "used to generate other fields"]],
    ["[options.rng = (the default)", ["A function that returns an array", "of 16 random bytes instead"]],
    ["[options.node = (random six)", ["RFC node field as an array of", "six byte values"]],
  ];
  const lines: Line[] = [];
  let y = top;
  for (const [name, description] of rows) {
    lines.push(line(name, LEFT, LEFT + 140, y));
    description.forEach((text, k) =>
      lines.push(line(text, 230, descriptionRight - (k % 2) * 10, y + k * LEADING))
    );
    y += description.length * LEADING;
  }
  return lines;
}

Deno.test("a borderless table of wrapped cells narrower than the text is read row by row, not as two columns", () => {
  const lines = [
    line(
      "Creates a timestamp identifier. Every option below may be left out, and each has the default",
      LEFT,
      RIGHT,
      88,
    ),
    ...optionsTable(100, 380),
  ];
  const text = markdown(pageOf(readingOrder(lines)));
  assert.match(
    text,
    /^\| \\\[options\.msecs = \(current \| RFC timestamp field, the number of milliseconds since the unix epoch \|$/m,
  );
  assert.match(
    text,
    /^\| \\\[options\.random = \(none\) \| An array of 16 random bytes used to generate other fields \|$/m,
  );
});

Deno.test("two columns of ragged text, the right one reaching the text's right edge, are read one after the other", () => {
  const lines = [
    line("A title that runs across both of the columns set below it on this page", LEFT, RIGHT, 88),
  ];
  for (let k = 0; k < 6; k++) {
    const y = 100 + k * LEADING;
    lines.push(line(`left column, line ${k + 1}, running on`, LEFT, 290 - (k % 3) * 15, y));
    lines.push(line(`right column, line ${k + 1}, running on`, 300, RIGHT - (k % 3) * 15, y));
  }
  const ordered = readingOrder(lines).map((l) => plainLineText(l));
  assert.deepEqual(ordered.slice(1, 8), [
    ...[1, 2, 3, 4, 5, 6].map((k) => `left column, line ${k}, running on`),
    "right column, line 1, running on",
  ]);
});

Deno.test("inline code a typesetter hyphenated inside a table cell runs on as the document spells it", () => {
  const text = markdown(pageOf([
    proseThenCode("Every call writes into a", "Uint8Array", LEFT, 88),
    line("Name", LEFT, 100, 112),
    line("Meaning", 230, 280, 112),
    codeLine("buffer", LEFT, 124),
    codeLine("Uint8Ar-", 230, 124),
    codeLine("ray", 230, 136),
    codeLine("offset", LEFT, 148),
    line("Where to start writing", 230, 350, 148),
  ]));
  assert.match(text, /^\| `buffer` \| `Uint8Array` \|$/m, text);
});

Deno.test("a row whose cells all broke off mid-word or inside brackets runs on; one under a whole cell opens a row", () => {
  const text = markdown(pageAt(
    ["Option", A, 110, 100],
    ["Meaning", C, 300, 100],
    ["[options.msecs = (cur-", A, 200, 112],
    ["the time stamp field (mil-", C, 380, 112],
    ["rent time)]", A, 130, 124],
    ["liseconds since the epoch)", C, 380, 124],
    ["rmargin", A, 110, 136],
    ["the right margin, also known as outer-", C, 440, 136],
    ["outermargin", A, 125, 148],
    ["margin on a two-sided page", C, 380, 148],
  ));
  assert.match(
    text,
    /^\| \\\[options\.msecs = \(current time\)\\\] \| the time stamp field \(milliseconds since the epoch\) \|$/m,
  );
  assert.match(text, /^\| outermargin \| margin on a two-sided page \|$/m);
});

Deno.test("a table of more rows than one table is read with goes on in a second table, no row lost", () => {
  const rows: Array<[string, number, number, number]> = [];
  for (let k = 0; k < 450; k++) {
    rows.push([`key${k}`, A, 110, 100 + k * LEADING], [`value${k}`, C, 290, 100 + k * LEADING]);
  }
  const text = markdown(pageAt(...rows));
  const tableRows = text.split("\n").filter((l) => /^\| (key|value)/.test(l));
  assert.equal(tableRows.length, 450);
  assert.equal(text.split("\n").filter((l) => l === "| --- | --- |").length, 2);
  assert.match(text, /^\| key399 \| value399 \|\n\n\| key400 \| value400 \|\n\| --- \| --- \|$/m);
});

Deno.test("items whose bullets stand apart from their text end a table, not extend it", () => {
  // A line split at a wide gap (inline code, then text) looks like a row; the bulleted items below are a list.
  const text = markdown(pageAt(
    ["remote schemas added with", 144, 400, 100],
    ["addSchema", 144, 190, 112],
    ["or compiled to be available", 210, 350, 112],
    ["•", 122, 126, 126],
    ["support of recursive references", 144, 330, 126],
    ["•", 122, 126, 139],
    ["correct string lengths", 144, 280, 139],
  ));
  assert.ok(!text.includes("|"), text);
  assert.ok(text.includes("- support of recursive references\n- correct string lengths"), text);
});

Deno.test("items whose numbers stand apart from their text end a table, not extend it", () => {
  // AbiWord sets a numbered item's number on a line of its own, left of its text: an item's last wrapped
  // line, right of the next item's number, looked like a band of two columns opening a table.
  const text = markdown(pageAt(
    ["1.", 86, 95, 100],
    ["names only fonts you registered. The canvas default falls back to the installed", 108, 492, 100],
    ["fonts, unless", 108, 170, 115],
    ["you registered a font under that name.", 108, 290, 131],
    ["2.", 86, 95, 145],
    ["Your registered fonts have every character you draw. A character they lack is", 108, 507, 145],
    ["from an installed font.", 108, 214, 158],
    ["3.", 86, 95, 171],
    ["You set the language, for example to English.", 108, 330, 171],
  ));
  assert.ok(!text.includes("|"), text);
  assert.ok(text.includes("\n2. Your registered fonts"), text);
  assert.ok(text.includes("\n3. You set the language, for example to English."), text);
});

Deno.test("a table's own numbered rows and its row of column numbers stay in it", () => {
  // A journal's table: a header, a row of column numbers "(1) (2) (3) (4)", then rows numbered in their
  // first cell, each with several cells: numbers before several cells or before numbers are the table's.
  const text = markdown(pageAt(
    ["Macro", A, 110, 100],
    ["Symbol", B, 185, 100],
    ["Kind", C, 275, 100],
    ["Meaning", D, 400, 100],
    ["(1)", A, 86, 112],
    ["(2)", B, 164, 112],
    ["(3)", C, 264, 112],
    ["(4)", D, 364, 112],
    ["1.", A, 80, 124],
    ["nomSolarEffTemp", B, 230, 124],
    ["=", C, 256, 124],
    ["nominal solar effective temperature", D, 520, 124],
    ["2.", A, 80, 136],
    ["nomTerrEqRadius", B, 230, 136],
    ["=", C, 256, 136],
    ["nominal terrestrial equatorial radius", D, 525, 136],
  ));
  assert.match(text, /^\| \(1\) \| \(2\) \| \(3\) \| \(4\) \|$/m, text);
  assert.match(text, /^\| 1\. \| nomSolarEffTemp \| = \| nominal solar effective temperature \|$/m, text);
  assert.match(text, /^\| 2\. \| nomTerrEqRadius \| = \| nominal terrestrial equatorial radius \|$/m, text);
});
