/**
 * Structure rules, each proven on a corpus PDF rendered from a known Markdown
 * source by Chromium (tagged) or LibreOffice (untagged).
 */
import assert from "node:assert/strict";
import { type ConversionResult, type ConvertOptions, convertPdf } from "../../../lib/pdf/convert.ts";
import { type Engine, pdfUrl, sourceUrl } from "../../_support/pdf_corpus.ts";

/** Converts a corpus document. */
async function convert(
  name: string,
  engine: Engine,
  options: ConvertOptions = {},
): Promise<ConversionResult> {
  return await convertPdf(await Deno.readFile(pdfUrl(name, engine)), options);
}

/** Headings of some Markdown as `level text` strings. */
function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^(#{1,6}) (.+)$/gm)].map((m) => `${m[1]!.length} ${m[2]}`);
}

/**
 * The Markdown source with soft line breaks joined (the converter writes each
 * paragraph on one line) and typographic apostrophes, as pandoc prints them.
 */
async function source(name: string): Promise<string> {
  const lines = (await Deno.readTextFile(sourceUrl(name))).replace(/'/g, "\u2019").split("\n");
  const out: string[] = [];
  let fenced = false;
  for (const line of lines) {
    const previous = out[out.length - 1];
    const continues = !fenced && previous && line.trim() && !/^\s*([-#|`]|\d+\.)/.test(line) &&
      !/^\s*```/.test(previous);
    if (continues) out[out.length - 1] = `${previous} ${line.trim()}`;
    else out.push(line);
    if (/^\s*```/.test(line)) fenced = !fenced;
  }
  return out.join("\n");
}

/** The lines of `markdown` from the heading `from` up to the next heading. */
function section(markdown: string, from: string): string {
  const start = markdown.indexOf(from);
  assert.ok(start >= 0, `section "${from}" missing from:\n${markdown}`);
  const rest = markdown.slice(start + from.length);
  const end = rest.search(/^#{1,6} /m);
  return rest.slice(0, end < 0 ? undefined : end).trim();
}

Deno.test("convertPdf() takes H1–H6 from a tagged PDF's structure tree", async () => {
  const result = await convert("11_heading_levels", "chromium");
  assert.deepEqual(headings(result.markdown), headings(await source("11_heading_levels")));
});

Deno.test("convertPdf() ranks heading styles by size and weight when tags are ignored", async () => {
  const result = await convert("11_heading_levels", "chromium", { useStructTree: false });
  assert.deepEqual(headings(result.markdown), headings(await source("11_heading_levels")));
});

Deno.test("convertPdf() ranks tied heading styles by first use in an untagged LibreOffice PDF", async () => {
  const result = await convert("07_faq", "libreoffice");
  assert.deepEqual(headings(result.markdown), headings(await source("07_faq")));
});

Deno.test("convertPdf() joins a paragraph's lines and removes hyphens of words broken at line ends", async () => {
  const result = await convert("04_long_prose", "chromium");
  const expected = section(await source("04_long_prose"), "## Characteristics of maintainable systems");
  assert.equal(section(result.markdown, "## Characteristics of maintainable systems"), expected);
  assert.doesNotMatch(result.markdown, /\p{L}[\u2010\u00ad-] \p{Ll}/u);
});

Deno.test("convertPdf() nests glyph-bullet and numbered lists by indent (untagged)", async () => {
  const result = await convert("03_nested_lists", "libreoffice");
  const src = await source("03_nested_lists");
  assert.equal(section(result.markdown, "## Equipment"), section(src, "## Equipment"));
  assert.equal(section(result.markdown, "## Daily routine"), section(src, "## Daily routine"));
});

Deno.test("convertPdf() reads list items and nesting from a tagged PDF whose bullets are drawn, not typed", async () => {
  const result = await convert("17_checklist", "chromium");
  assert.equal(
    section(result.markdown, "## Content"),
    section(await source("17_checklist"), "## Content"),
  );
});

Deno.test("convertPdf() fences monospace lines as code, keeping their indentation", async () => {
  const result = await convert("09_tutorial", "chromium");
  assert.match(
    result.markdown,
    /```\nfor remaining in range\(seconds, 0, -1\):\n {4}print\(f"\\r\{remaining:3d\} seconds left", end="", flush=True\)\n {4}time\.sleep\(1\)\n```/,
  );
  const untagged = await convert("06_config_guide", "libreoffice");
  assert.match(
    untagged.markdown,
    /```\n# Network settings\n\[listen\]\naddress = "0\.0\.0\.0"\nport = 8080\n\n\[storage\]/,
  );
});

Deno.test("convertPdf() marks monospace words inside text as code spans", async () => {
  const result = await convert("02_api_reference", "libreoffice");
  assert.match(result.markdown, /bearer token sent in the `Authorization` header/);
});

Deno.test("convertPdf() turns link annotations into Markdown links on their text", async () => {
  for (const engine of ["chromium", "libreoffice"] as const) {
    const result = await convert("07_faq", engine);
    assert.match(result.markdown, /write to the \[garden committee\]\(mailto:committee@example\.org\)\./);
    assert.match(
      result.markdown,
      /The \[organic growing guide\]\(https:\/\/example\.org\/garden\/organic\) lists/,
    );
  }
});

Deno.test("convertPdf() renders ruled and tagged tables as Markdown tables", async () => {
  const expected = [
    "| Method | Path | Purpose |",
    "| --- | --- | --- |",
    "| GET | /items | List items, newest first |",
    "| GET | /items/{id} | Read one item |",
  ].join("\n");
  for (const engine of ["chromium", "libreoffice"] as const) {
    const result = await convert("02_api_reference", engine);
    assert.ok(result.markdown.includes(expected), `${engine}:\n${result.markdown}`);
  }
});

Deno.test("convertPdf() splits table cells that touch their neighbour", async () => {
  const result = await convert("06_config_guide", "libreoffice");
  assert.match(
    result.markdown,
    /^\| storage \| max_size_mb \| 1024 \| Size limit before old records are pruned \|$/m,
  );
});

Deno.test("convertPdf() reads a two-column page column by column", async () => {
  const result = await convert("05_two_column", "chromium", { useStructTree: false });
  const src = await source("05_two_column");
  const order = ["## Introduction", "## Methods", "## Results", "## Discussion"].map((h) =>
    result.markdown.indexOf(h)
  );
  assert.deepEqual([...order].sort((a, b) => a - b), order);
  assert.ok(order[0]! > 0);
  assert.equal(section(result.markdown, "## Methods"), section(src, "## Methods"));
});

Deno.test("convertPdf() drops running headers, footers and page numbers", async () => {
  for (const useStructTree of [true, false]) {
    const result = await convert("12_quarterly_report", "chromium", { useStructTree });
    assert.ok(result.pageCharacters.length >= 2);
    assert.doesNotMatch(result.markdown, /file:|\d+\/\d+\/\d+|^\d+\/\d+$/m);
    assert.equal(result.markdown.match(/Quarterly Operations Report/g)?.length, 1, result.markdown);
  }
});

Deno.test("convertPdf() joins a paragraph split by a page turn", async () => {
  const result = await convert("12_quarterly_report", "chromium", { useStructTree: false });
  const src = await source("12_quarterly_report");
  for (const paragraph of src.split("\n\n").filter((p) => !p.startsWith("#"))) {
    assert.ok(result.markdown.includes(paragraph), `missing paragraph:\n${paragraph}`);
  }
});

Deno.test("convertPdf() marks pages when asked, and converts only the pages selected", async () => {
  const all = await convert("12_quarterly_report", "chromium", { includePageBreaks: true });
  const pages = all.pageCharacters.map((p) => p.page);
  for (const page of pages) assert.match(all.markdown, new RegExp(`^<!-- page ${page} -->$`, "m"));
  const second = await convert("12_quarterly_report", "chromium", { pages: "2" });
  assert.deepEqual(second.pageCharacters.map((p) => p.page), [2]);
  assert.equal(second.pages, all.pages);
  assert.doesNotMatch(second.markdown, /The third quarter was the busiest/);
});

Deno.test("convertPdf() reports the title, and character counts per page", async () => {
  const result = await convert("05_two_column", "chromium");
  assert.equal(result.title, "Observations of Urban Bird Populations");
  assert.equal(result.pageCharacters.length, 1);
  const words = (await source("05_two_column")).replace(/[#\n]/g, "").length;
  assert.ok(Math.abs(result.pageCharacters[0]!.characters - words) < words * 0.1);
  assert.deepEqual(result.warnings, []);
});
