/**
 * A diagnostic set of Markdown tables of the shapes the layout corpus' tuning
 * documents have few of (four to eight columns, cells wrapping to several
 * lines, tall rows, a header-only table, a table after a list, a wide table,
 * tables of 20–60 rows crossing a page; inline code, links and emphasis in
 * cells), written here, rendered by a layout producer (AbiWord by default,
 * `_layout_producers.ts`) and scored against their sources by the corpus
 * scorer. Bench-only: sources and PDFs go to `tables/` (git-ignored).
 *
 *     deno run -A bench/pdf/abiword_tables_set.ts [--producer P] [--render] [--dump NAME]
 *
 * @module
 */
import { convertPdf } from "../../lib/pdf/convert.ts";
import type { LayoutProducer } from "../../tests/_support/pdf_layout_corpus.ts";
import { score, type Scores } from "../../tests/_support/pdf_score.ts";
import { report } from "../pdf_layout.ts";
import { renderLayout } from "./_layout_producers.ts";

const WORDS = ("the parser reads every option once and keeps the last value given on the command line " +
  "unless a configuration file names it first in which case both are merged before any check runs").split(
    " ",
  );

/** `n` words of filler prose starting at word `from`. */
function words(n: number, from = 0): string {
  return Array.from({ length: n }, (_, i) => WORDS[(from + i) % WORDS.length]).join(" ");
}

/** A Markdown table from a header and rows. */
function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A cell of one of several kinds, chosen by row and column. */
function cell(row: number, col: number): string {
  switch ((row * 3 + col) % 7) {
    case 0:
      return `\`opt${row}_${col}\``;
    case 1:
      return `[link ${row}](https://example.com/${row}/${col})`;
    case 2:
      return `*emphasis* ${words(2, row + col)}`;
    case 3:
      return words(1 + (row % 3), row * col);
    case 4:
      return `**${words(1, col)}** and ${words(3, row)}`;
    case 5:
      return String(row * 17 + col);
    default:
      return words(2, row);
  }
}

/** `rows` rows of `cols` cells, each made by `make`. */
function grid(rows: number, cols: number, make = cell): string[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => make(r, c)));
}

/** A header of `cols` names. */
function header(cols: number): string[] {
  return ["Name", "Type", "Default", "Description", "Since", "Scope", "Alias", "Notes"].slice(0, cols);
}

const prose = (n: number) => `${words(n).replace(/^t/, "T")}.`;

/** The documents: name → Markdown. */
export const TABLE_DOCUMENTS: Record<string, string> = {
  "four-columns": `# Four columns\n\n${prose(40)}\n\n${table(header(4), grid(6, 4))}\n\n${prose(30)}\n`,
  "five-columns": `# Five columns\n\n${prose(30)}\n\n${table(header(5), grid(8, 5))}\n\n${prose(25)}\n`,
  "six-columns": `# Six columns\n\n${prose(30)}\n\n${table(header(6), grid(7, 6))}\n\n${prose(25)}\n`,
  "wide": `# A wide table\n\n${prose(30)}\n\n${table(header(8), grid(6, 8))}\n\n${prose(25)}\n`,
  "wrapping": `# Wrapping cells\n\n${prose(30)}\n\n${
    table(header(4), grid(6, 4, (r, c) => c === 3 ? words(18 + r * 4, r) : cell(r, c)))
  }\n\n${prose(25)}\n`,
  "tall-rows": `# Tall rows\n\n${prose(30)}\n\n${
    table(header(5), grid(4, 5, (r, c) => c === 3 ? words(90, r) : c === 4 ? words(30, c) : cell(r, c)))
  }\n\n${prose(25)}\n`,
  "header-only": `# Header only\n\n${prose(30)}\n\n${table(header(4), [])}\n\n${
    prose(20)
  }\n\n## Then one row\n\n${table(header(5), grid(1, 5))}\n\n${prose(20)}\n`,
  "after-list": `# After a list\n\n${prose(20)}\n\n- first ${words(5)}\n- second ${words(6, 3)}\n- third ${
    words(4, 7)
  }\n\n${table(header(4), grid(5, 4))}\n\n1. one ${words(4)}\n2. two ${words(4, 2)}\n\n${
    table(header(6), grid(4, 6))
  }\n\n${prose(20)}\n`,
  "long-4": `# Forty rows\n\n${prose(30)}\n\n${table(header(4), grid(40, 4))}\n\n${prose(25)}\n`,
  "long-6": `# Sixty rows\n\n${prose(30)}\n\n${table(header(6), grid(60, 6))}\n\n${prose(25)}\n`,
  "long-wrap": `# Twenty-five wrapping rows\n\n${prose(30)}\n\n${
    table(header(5), grid(25, 5, (r, c) => c === 3 ? words(8 + (r % 5) * 6, r) : cell(r, c)))
  }\n\n${prose(25)}\n`,
  "two-rows": `# Two rows\n\n${prose(30)}\n\n${table(header(4), grid(2, 4))}\n\n${
    prose(20)
  }\n\n## Six columns\n\n${table(header(6), grid(2, 6))}\n\n${prose(20)}\n`,
  "three-rows": `# Three rows\n\n${prose(30)}\n\n${table(header(5), grid(3, 5))}\n\n${prose(20)}\n`,
  "short-cells": `# Short cells\n\n${prose(20)}\n\n${
    table(
      ["A", "B", "C", "D", "E", "F", "G"],
      grid(10, 7, (r, c) => String.fromCharCode(97 + ((r + c) % 26))),
    )
  }\n\n${prose(20)}\n`,
};

const OUT = new URL("tables/", import.meta.url);

if (import.meta.main) {
  const arg = (flag: string) => Deno.args.includes(flag) ? Deno.args[Deno.args.indexOf(flag) + 1] : undefined;
  const producer = (arg("--producer") ?? "abiword") as LayoutProducer;
  const dump = arg("--dump");
  await Deno.mkdir(OUT, { recursive: true });
  const work = await Deno.makeTempDir({ prefix: "tables-set-" });
  try {
    const byName = new Map<string, Scores[]>();
    for (const [name, text] of Object.entries(TABLE_DOCUMENTS)) {
      if (dump && dump !== name) continue;
      const source = new URL(`${name}.md`, OUT).pathname,
        pdf = new URL(`${name}.${producer}.pdf`, OUT).pathname;
      await Deno.writeTextFile(source, text);
      if (Deno.args.includes("--render") || !(await Deno.stat(pdf).catch(() => null))) {
        await renderLayout(producer, source, pdf, work);
      }
      const { markdown } = await convertPdf(await Deno.readFile(pdf));
      if (dump) console.log(markdown);
      byName.set(name, [score(text, markdown)]);
    }
    if (!dump) console.log(`\n### Table set, ${producer}\n\n${report(byName)}`);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
