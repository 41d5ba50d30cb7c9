/**
 * A PDF's own structure and drawing read, one committed fixture per
 * mechanism, made from `fixtures/layout/*.html` by producers the corpora did
 * not use (`bench/pdf/make_layout_fixtures.ts`): the outline's entries as
 * headings set at body size, a tagged PDF's structure tree, ruled tables'
 * grids with their spans, a page of two columns with a table in one, a
 * quote marked by indentation alone, and listings wrapped in two columns. Converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** Converts a layout fixture. */
async function convert(name: string, options: { useStructTree?: boolean } = {}) {
  const bytes = await Deno.readFile(new URL(`./fixtures/layout/${name}.pdf`, import.meta.url));
  return await convertPdf(bytes, options);
}

/** The heading lines of some Markdown. */
function headings(markdown: string): string[] {
  return markdown.split("\n").filter((l) => l.startsWith("#"));
}

/** The rows of the first Markdown table, each as its cells' texts. */
function tableRows(markdown: string): string[][] {
  return markdown.split("\n").filter((l) => l.startsWith("|") && !/^\|[\s|-]+\|$/.test(l))
    .map((l) => l.slice(1, -1).split(" | ").map((c) => c.trim()));
}

Deno.test("headings set at body size in small capitals and italics take the outline's levels", async () => {
  const result = await convert("outline_headings.weasyprint");
  // Nothing but the outline sets them apart: no tags, no weight, no size.
  assert.equal(result.outline?.length, 7);
  assert.deepEqual(headings(result.markdown), [
    "# Field notes",
    "## Getting there",
    "### In winter",
    "## What was measured",
    "### Checking the gauges",
    "# Results",
    "## Birds",
  ]);
  assert.ok(
    result.markdown.includes(
      "\n\nThe station is reached on foot from the northern car park in about an hour.",
    ),
    "the paragraph after a heading stays a paragraph of its own",
  );
  // The destination heights are for finding headings only.
  assert.ok(result.outline!.every((e) => !("top" in e)));
});

Deno.test("a tagged PDF's structure tree gives headings, lists, a table, code and a quote", async () => {
  const { markdown } = await convert("tagged.chromium");
  assert.deepEqual(headings(markdown), ["# Tagged guide", "## Steps", "## Settings"]);
  for (const item of ["1. Install the tool.", "2. Write the configuration file.", "- apples", "- pears"]) {
    assert.ok(markdown.split("\n").includes(item), `missing ${item}\n${markdown}`);
  }
  assert.deepEqual(tableRows(markdown), [["Name", "Value"], ["mode", "fast"], ["level", "3"]]);
  assert.ok(markdown.includes("```\nbuild --mode fast\nbuild --level 3\n```"), markdown);
  assert.ok(markdown.includes("> Keep the configuration file next to the project it builds."), markdown);
});

for (const producer of ["weasyprint", "libreoffice"]) {
  Deno.test(`a fully ruled table is read by its grid, spans by missing rules (${producer})`, async () => {
    const { markdown } = await convert(`ruled_table.${producer}`);
    assert.deepEqual(tableRows(markdown), [
      ["Option", "Type", "Default", "Effect"],
      ["`--out`", "path", "`./dist`", "Where the built files are written."],
      ["`--watch`", "boolean", "`false`", "Build again whenever a source file changes on disk."],
      ["`--target`", "string", "`es2020`", "The language level the output is written for."],
      // A row span leaves the cell below empty; a column span fills its first column.
      ["", "list of strings", "", "Several targets at once, one output folder each."],
      ["`--minify`", "boolean", "`true`", "Shorten names and drop white space in the output."],
      ["Options may also be set in the configuration file under the same names.", "", "", ""],
    ]);
    // The table's small type does not make the prose around it pass for headings.
    assert.deepEqual(headings(markdown), ["# Options"]);
    assert.ok(
      markdown.trimEnd().endsWith(
        "\n\nOptions given on the command line win over those in the configuration file.",
      ),
      markdown,
    );
  });
}

Deno.test("a table in the right column stays there, after the left column's prose", async () => {
  const { markdown } = await convert("two_columns.weasyprint");
  const blocks = markdown.trim().split(/\n{2,}/);
  assert.deepEqual(blocks.map((b) => b.slice(0, 24)), [
    "# Release report",
    "This release changes how",
    "The old cache is read on",
    "Builds on machines with ",
    "Three options were renam",
    "| Old name | New name | ",
    "The table lists every re",
  ]);
  assert.deepEqual(tableRows(markdown), [
    ["Old name", "New name", "Since"],
    ["outDir", "out", "4.2"],
    ["watchMode", "watch", "4.2"],
    ["minifyAll", "minify", "4.3"],
    ["cacheRoot", "cache", "4.3"],
  ]);
});

Deno.test("a paragraph set in on both sides with no mark is a block quote", async () => {
  const { markdown } = await convert("indent_quote.weasyprint");
  const quotes = markdown.split("\n").filter((l) => l.startsWith(">"));
  assert.equal(quotes.length, 1, markdown);
  assert.ok(quotes[0]!.startsWith("> Most of the work is saying no."), markdown);
  assert.ok(markdown.includes("\n\nLater maintainers kept to that rule"), markdown);
});

Deno.test("listings wrapped under a hanging indent are joined again, and run on into the next column", async () => {
  const { markdown } = await convert("wrapped_listing.weasyprint");
  // Each source line whole, the blank line between them kept, the indentation of the listing's own.
  const watcher = [
    "// Read the settings file named on the command line, or the default one",
    'const settings = await readSettings(args[0] ?? "settings.json");',
    "",
    "// Every source directory is watched, each with its own debounce interval",
    "for (const dir of settings.sources) {",
    "  watch(dir, { debounce: settings.debounceTime, recursive: true });",
    "}",
  ];
  assert.ok(markdown.includes("```\n" + watcher.join("\n") + "\n```"), markdown);
  // Two lines at the foot of the left column, ten at the top of the right one: one listing.
  const steps = Array.from({ length: 12 }, (_, i) => `step${String(i + 1).padStart(2, "0")}();`);
  assert.ok(markdown.includes("```\n" + steps.join("\n") + "\n```"), markdown);
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("```")).length, 4, markdown);
});

Deno.test("in two columns, inline code wrapped onto rows of its own stays in its paragraph; listings stay whole", async () => {
  const { markdown } = await convert("inline_code_columns.weasyprint");
  const blocks = markdown.split("\n\n");
  // Rows of inline code at the prose's line step, not the listings' own: paragraph text.
  assert.ok(
    blocks.includes(
      "A custom file system is passed in the options. Your implementation should have " +
        "`opts.fs.mkdir(path, opts, cb)` and `opts.fs.stat(path, cb)` at the least.",
    ),
    markdown,
  );
  assert.ok(blocks.includes("`watcher.watch(paths, [options], callback)`"), markdown);
  // Wrapped after a hyphen at the column's edge, at the listing's own step: one line again.
  assert.ok(blocks.includes("```\nnpm install --save-dev watch-tool\n```"), markdown);
  assert.ok(blocks.includes("```\nnpx watch-tool --once\n```"), markdown);
  // A row too long for the column runs over the gutter and the right column's text: it stays in its listing.
  const styler = ['import styler from "styler";', "styler.blue().bold().underline().italic().inverse();"];
  assert.ok(blocks.includes("```\n" + [...styler, 'styler.red("done");'].join("\n") + "\n```"), markdown);
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("```")).length, 6, markdown);
});
