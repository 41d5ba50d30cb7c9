import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import { codeLine, line, markdown, pageOf } from "../../_support/laid_out_page.ts";

/** Words on one baseline, each `[text, x0, x1]`, as a producer that sets each word apart writes them. */
function words(y: number, ...pieces: Array<[string, number, number]>): Line[] {
  return pieces.map(([text, x0, x1]) => line(text, x0, x1, y));
}

/** A line of prose at the column's full width, one piece. */
function prose(text: string, y: number): Line {
  return line(text, 310.6, 539.2, y);
}

Deno.test("justified lines of a narrow column whose words line up are prose, not a table", () => {
  // Two lines of a LaTeX column 229 pt wide: every word space stretched alike (a little more after a comma).
  const text = pageOf([
    prose("Unzip every archive in the current folder at once, each of them", 463.6),
    ...words(
      475.5,
      ["If", 310.6, 317.4],
      ["there", 326.7, 349.4],
      ["are", 358.7, 372.3],
      ["two", 381.7, 397.5],
      ["such", 406.8, 426.4],
      ["files,", 435.7, 455.6],
      ["file1.zip", 466.4, 513.5],
      ["and", 522.9, 539.2],
    ),
    ...words(
      487.4,
      ["backup/file2.zip,", 310.6, 397.1],
      ["this", 408.4, 424.8],
      ["would", 434.5, 460.7],
      ["execute", 470.4, 503.4],
      ["unzip", 513.1, 539.2],
    ),
    line("file1.zip and unzip backup/file2.zip.", 310.6, 460, 499.3),
  ]);
  const out = markdown(text);
  assert.ok(!out.includes("|"), out);
  assert.match(
    out,
    /each of them If there are two such files, file1\.zip and backup\/file2\.zip, this would/,
  );
});

Deno.test("a table spanning the column with cells parted unevenly stays a table", () => {
  const text = pageOf([
    prose("The options and what they default to are the following ones here:", 463.6),
    ...words(475.5, ["Option", 310.6, 340], ["Default", 380, 420], ["Meaning", 500, 539.2]),
    ...words(487.4, ["hidden", 310.6, 342], ["false", 380, 402], ["Show", 500, 539.2]),
    ...words(499.3, ["follow", 310.6, 339], ["true", 380, 398], ["Links", 500, 539.2]),
  ]);
  assert.match(markdown(text), /\| hidden \| false \| Show \|/);
});

Deno.test("a justified paragraph's short last line does not make its stretched lines a table", () => {
  // A paragraph of inline code between words: each code span stands apart, the spaces stretched alike
  // (more after a comma), and the last line is set at its own width, short of the right edge.
  const text = pageOf([
    line("response status is 204 instead of throwing a parse error due to an empty body.", 57, 406.9, 492.3),
    ...words(
      510.3,
      ["Available", 57, 97.6],
      ["body", 106.2, 127.9],
      ["shortcuts:", 136.5, 179.9],
      [".json(),", 188.5, 233.3],
      [".text(),", 241.9, 286.7],
      [".formData(),", 295.3, 364.1],
      [".arrayBuffer(),", 372.7, 459.5],
      [".blob(),", 468.2, 512.9],
      ["and", 521.6, 538.3],
    ),
    ...words(
      522.3,
      [".bytes().", 57, 107.8],
      ["The", 123.9, 141.2],
      [".bytes()", 157.3, 205.3],
      ["shortcut", 221.4, 257],
      ["is", 273.1, 280.3],
      ["only", 296.4, 314.8],
      ["present", 330.9, 364.3],
      ["when", 380.4, 404.3],
      ["the", 420.4, 434.3],
      ["runtime", 450.4, 483.8],
      ["supports", 499.9, 538.3],
    ),
    line("Response.prototype.bytes().", 57, 215.8, 534.3),
  ]);
  const out = markdown(text);
  assert.ok(!out.includes("|"), out);
  assert.match(
    out,
    /\.blob\(\), and \.bytes\(\)\. The \.bytes\(\) shortcut is only present when the runtime supports/,
  );
});

Deno.test("inline code set smaller than its prose, parted from it by a narrow column's stretched spaces, stays in its line", () => {
  // LuaLaTeX scales its monospace font to the prose's lowercase (7.85 pt beside 10 pt): the listings and the
  // inline code share that size, and a justified line stretches the spaces around the code past 0.8 em.
  const mono = 7.85;
  const text = pageOf([
    prose("To get the default path of the configuration file, call the command", 400),
    line("Alternatively, you can use", 310.6, 442.5, 412),
    codeLine("BAT_CONFIG_PATH", 451, 412, mono),
    line("or", 530, 539.2, 412),
    line("the other variable to point to another location.", 310.6, 500, 424),
    codeLine('export BAT_CONFIG_PATH="/path/to/bat/bat.conf"', 310.6, 448, mono),
    codeLine('export BAT_CONFIG_DIR="/path/to/bat"', 310.6, 457.5, mono),
  ]);
  const out = markdown(text);
  assert.match(out, /Alternatively, you can use `BAT_CONFIG_PATH` or the other variable/);
  assert.match(out, /^```\nexport BAT_CONFIG_PATH="\/path\/to\/bat\/bat\.conf"\nexport BAT_CONFIG_DIR/m);
});
