/**
 * A PDF's own structure and drawing read, one committed fixture per
 * mechanism, made from `fixtures/layout/*.html` by producers the corpora did
 * not use (`bench/pdf/make_layout_fixtures.ts`): the outline's entries as
 * headings set at body size, a level below the outline's deepest and what an
 * outline leaves out that is no heading, a title page's title, headings told by typography alone, a tagged
 * PDF's structure tree, ruled tables' grids with their spans, a table broken
 * over a column turn, a page that is mostly one table, a page of two columns
 * with a table in one, quotes marked by indentation alone (on both sides, on
 * the left only), listings wrapped in two columns, paragraphs with no space
 * between them (AbiWord), running heads and feet, a contents page, quotes
 * after a list item, over a column turn and set apart by space alone,
 * paragraphs and list items over a column turn, a
 * highlight inside a listing, compounds' own hyphens at line ends (where
 * their halves are written elsewhere, or the engine hyphenates no word),
 * inline code wrapped whole onto a line of its own, listings back to back
 * with no space between, listing rows and inline code running into the gutter, ruled tables
 * of other shapes, lists inside quotes, a quote on a two-column page too
 * short to show its gutter, and one-line quotes set in on the left only
 * that fill their measure.
 * Converted with real pdf.js.
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

Deno.test("a level the outline leaves out sits below its deepest; a title block and a boxed label are no headings", async () => {
  const result = await convert("outline_depth.weasyprint");
  // The outline lists two levels, without the section numbers the style sheet sets before them; the third
  // level (bold italic at body size) is not in it, nor the title above it all.
  assert.deepEqual(result.outline?.map((e) => `${e.level} ${e.title}`), [
    "1 Starting the pumps",
    "2 Before the first start",
    "2 Every morning",
    "1 Stopping the pumps",
    "2 In an emergency",
  ]);
  assert.deepEqual(headings(result.markdown), [
    "# Pump house manual",
    "## Starting the pumps",
    "### Before the first start",
    "#### Oil levels",
    "#### The intake grating",
    "### Every morning",
    "## Stopping the pumps",
    "### In an emergency",
  ]);
  // The lines under the title, set smaller than it and apart from every heading the outline names.
  assert.ok(result.markdown.includes("\n\nWater board, northern district"), "the byline is text");
  // The box's label starts well in from the column's edge, where every heading the outline names starts.
  assert.ok(/\n> Caution\n/.test(result.markdown), "the label stays with its box");
});

Deno.test("a title alone on a page of its own is the metadata's: text, and the outline's levels stand", async () => {
  const result = await convert("title_page.weasyprint");
  // Set in the headings' bold face and larger than them, flush left over its byline: the same page
  // holding the text's first heading would make it the text's top heading (see the test above).
  assert.deepEqual(headings(result.markdown), [
    "# Planting young trees",
    "## Choosing the place",
    "## Staking",
    "# Pruning",
    "## Tools",
  ]);
  assert.ok(
    result.markdown.startsWith("Orchard keeping\n\nThe county growers' society"),
    "title and byline are text",
  );
});

Deno.test("headings set by typography alone take their levels from weight, size and section numbers", async () => {
  const result = await convert("typography_headings.weasyprint");
  // No outline, no tags: a larger title, bold numbered sections, and subsections at body size in the
  // body's own face (small capitals drawn from its glyphs) told by their numbers and the space above.
  assert.equal(result.outline, undefined);
  assert.deepEqual(headings(result.markdown), [
    "# Station manual",
    "## 1 Getting there",
    "### 1.1 In winter",
    "### 1.2 In summer",
    "## 2 What was measured",
    "### 2.1 Checking the gauges",
    // Unnumbered, in the numbered subsections' style and spacing: their level.
    "### Notes on the hide",
  ]);
  // A paragraph opening with a bold word stays a paragraph.
  assert.ok(
    result.markdown.includes(
      "\n\nNote: a reading taken in rain was marked and kept apart from the others.\n",
    ),
    result.markdown,
  );
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

Deno.test("a ruled table broken at a column's foot reads as one: header repeated once, broken row whole", async () => {
  const { markdown } = await convert("table_turn.weasyprint");
  // The row of port 8443 starts at the foot of the left column and goes on under the header WeasyPrint
  // repeats at the top of the right one.
  assert.deepEqual(tableRows(markdown), [
    ["Port", "Limit"],
    ["8080", "Sixty requests a minute from one address"],
    ["8081", "Ten uploads at once, each under two megabytes"],
    [
      "8443",
      "Only clients that show a certificate signed by the project's own authority, which is renewed " +
      "every spring and published on the release page a month before",
    ],
    ["9090", "Metrics only, read by the monitoring host"],
    ["9443", "Administration, closed to the outside"],
  ]);
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("| Port")).length, 1, markdown);
  assert.ok(markdown.trimEnd().endsWith("\n\nChanging a limit takes effect at the next restart."), markdown);
});

Deno.test("a page that is mostly a ruled table of two columns is read row by row, not as two columns", async () => {
  const { markdown } = await convert("table_page.weasyprint");
  const rows = tableRows(markdown);
  assert.equal(rows.length, 8, markdown);
  assert.deepEqual(rows[0], ["\\[options\\]", "An object with one or more of the following properties"]);
  assert.deepEqual(rows[7], ["returns", "The identifier as a string unless a buffer is given"]);
  const blocks = markdown.trim().split(/\n{2,}/);
  assert.deepEqual(blocks.slice(1).map((b) => b.slice(0, 12)), ["Example:", "```\nconst id"]);
});

Deno.test("a paragraph set in on the left only, justified like the text around it, is a block quote", async () => {
  const { markdown } = await convert("left_quote.weasyprint");
  const quotes = markdown.split("\n").filter((l) => l.startsWith(">"));
  assert.equal(quotes.length, 1, markdown);
  assert.ok(quotes[0]!.startsWith("> Limits are now counted per address"), markdown);
  assert.ok(quotes[0]!.endsWith("if your clients pool their connections."), markdown);
  assert.ok(markdown.includes("\n\nMost projects move to the new release"), markdown);
  assert.ok(markdown.includes("\n\nThe old setting is still read"), markdown);
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

Deno.test("where paragraphs stand apart by no space, a short line ends its paragraph whatever it ends with", async () => {
  // AbiWord: no space and no indent between paragraphs; nothing but a line ended short shows a paragraph's end.
  const abiword = (await convert("unspaced_paragraphs.abiword")).markdown.split("\n\n");
  for (
    const paragraph of [
      "timeout",
      "How long the reader waits for the first byte before it gives up and reports the source as " +
      "unreachable. Defaults to `30s`",
      "Waiting longer helps on slow links but holds a connection open for the whole time, so keep it " +
      "short on busy servers.",
      "encoding",
      "Type: `number`",
    ]
  ) assert.ok(abiword.includes(paragraph), `${paragraph}\n---\n${abiword.join("\n\n")}`);
  // WeasyPrint spaces its paragraphs: a line broken by hand inside one (`<br>`) keeps to it.
  const weasyprint = (await convert("unspaced_paragraphs.weasyprint")).markdown.split("\n\n");
  assert.ok(
    weasyprint.includes("Type: `number` Default: Provided by the source or `100`"),
    weasyprint.join("\n\n"),
  );
  assert.ok(weasyprint.includes("timeout"), weasyprint.join("\n\n"));
});

Deno.test("a listing wrapped at a hyphen or an operator far from the edge is joined where its spaces broke no line", async () => {
  // AbiWord keeps a listing's spaces whole: it wraps at the last hyphen, slash or `!` before the edge.
  const { markdown } = await convert("unspaced_listing.abiword");
  const listing = [
    "// loader.cjs",
    'const load = (...args) => import("stream-reader").then(({ default: read }) => read(...args));',
    'const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"));',
    // Broken where the next word would not have fitted after a space either; after a two-letter
    // word's hyphen; after a rule of hyphens.
    "// Sends: Access-Control-Allow-Origin: https://reader.example.org, Vary: Origin",
    'const requireTransform = require("stream-reader/transforms/to-uppercase-ascii");',
    'RESPONSE_SIGNING_KEY="-----BEGIN KEY-----\\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\\n-----END KEY-----"',
  ];
  assert.ok(markdown.includes("```\n" + listing.join("\n") + "\n```"), markdown);
});

Deno.test("a listing wrapped after an option's dashes, or twice under indented lines, is whole again", async () => {
  const { markdown } = await convert("wrapped_options.weasyprint");
  // No highlighting: rows at the listing's own step, the break after `--` told by the edge it reached.
  const commands = ["$ pack --out dist --level 9 --keep-names", "$ pack --out dist --level 9 --sourcemaps"];
  assert.ok(markdown.includes("```\n" + commands.join("\n") + "\n```"), markdown);
  // Two lines wrap in the whole document, under lines indented two and four cells: the hanging
  // indent counts from the listing's edge, so each is set in by its own amount from the row above.
  const settings = [
    "function settings(args) {",
    "  const file = args.config ?? findSettingsFile(process.cwd());",
    "  if (file) {",
    "    return merge(readSettingsFile(file), args, defaults);",
    "  }",
    "  return args;",
    "}",
  ];
  assert.ok(markdown.includes("```\n" + settings.join("\n") + "\n```"), markdown);
});

Deno.test("words a narrow ruled column breaks anywhere are whole again; words it wrapped at spaces stay apart", async () => {
  // AbiWord sets a table with a header row in columns a few letters wide: `Descript` over `ion`.
  const { markdown } = await convert("narrow_cells.abiword");
  assert.deepEqual(tableRows(markdown), [
    ["Level", "Description"],
    ["0", "All colors disabled"],
    ["1", "Basic color support (16 colors)"],
    ["2", "Extended palette (256 colors)"],
  ]);
});

/** The headings of the running-heads and contents-page fixtures: three chapters of one section each. */
const CHAPTER_HEADINGS = [
  "# Collecting the records",
  "## Notes on the ledger",
  "# Checking every row",
  "## Notes on the checksum",
  "# Publishing the results",
  "## Notes on the report",
];

Deno.test("running heads naming the chapter and page numbers above the foot are dropped, whatever their wording", async () => {
  const { markdown } = await convert("running_heads.weasyprint");
  const chapters = ["Collecting the records", "Checking every row", "Publishing the results"];
  assert.deepEqual(headings(markdown), CHAPTER_HEADINGS);
  const lines = markdown.split("\n");
  // Each chapter's title stands once, as its heading: the head repeating it on every page is gone.
  for (const title of chapters) assert.equal(lines.filter((l) => l.includes(title)).length, 1, markdown);
  // The page numbers stand 13 % of the page above its foot, outside the usual margin band.
  assert.ok(!lines.some((l) => /^\d+$/.test(l.trim())), markdown);
  // A paragraph broken at a page turn reads on, the head and foot between its halves dropped.
  assert.ok(
    markdown.includes(
      "keeps a note of what it saw, so that a later run can start again where this one stopped. In step 18 of part 1",
    ),
    markdown,
  );
});

Deno.test("a contents page is a nested list without leaders or page numbers, and its title no heading", async () => {
  const { markdown } = await convert("contents_page.weasyprint");
  assert.ok(
    markdown.startsWith([
      "Contents",
      "",
      "- Collecting the records",
      "  - Notes on the ledger",
      "- Checking every row",
      "  - Notes on the checksum",
      "- Publishing the results",
      "  - Notes on the report",
    ].join("\n")),
    markdown,
  );
  // The headings are the chapters' own, each once.
  assert.deepEqual(headings(markdown), CHAPTER_HEADINGS);
});

Deno.test("a listing whose lines are numbered in the margin is one listing, without its numbers, indentation kept", async () => {
  const { markdown } = await convert("numbered_listing.weasyprint");
  const source = [
    'import { readFile } from "node:fs/promises";',
    "",
    "export async function loadSettings(path) {",
    '  const text = await readFile(path, "utf8");',
    "  const settings = JSON.parse(text);",
    "  if (!settings.sources) {",
    '    throw new Error("no sources in " + path);',
    "  }",
    "  return settings;",
    "}",
  ];
  assert.ok(markdown.includes("```\n" + source.join("\n") + "\n```"), markdown);
  assert.ok(!markdown.includes("|"), markdown);
});
Deno.test("a quote set in a little short of the list items' text is a quote; an item's paragraph after its listing is not", async () => {
  const { markdown } = await convert("item_quote.weasyprint");
  const quotes = markdown.split("\n").filter((l) => l.startsWith(">"));
  // The quote stands 0.3 em left of the items' text and a little further below them than their lines.
  assert.deepEqual(quotes, ["> A few more words on how the matcher treats dots."], markdown);
  assert.ok(
    markdown.includes("- A question mark matches any single character except a slash.\n\n>"),
    markdown,
  );
  // Bullets are untouched: both lists keep their two items, the wrapped one whole.
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("- ")).length, 4, markdown);
  assert.ok(
    markdown.includes("- An asterisk matches everything except slashes and names that start"),
    markdown,
  );
  // At the item's text edge after the item's listing: the item's own paragraph, no quote.
  assert.ok(
    markdown.includes("\n\nNote that with the separator set, reading still stops after the first one."),
  );
});

Deno.test("a listing's string of several lines highlighted from the listing's edge stays in the listing", async () => {
  // Read from its drawing (the structure tree would say it is code): each line of the string has a highlight
  // painted from the listing's left edge, inside the listing's own shading.
  const { markdown } = await convert("highlight_string.chromium", { useStructTree: false });
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("```")).length, 2, markdown);
  assert.ok(markdown.includes("    Usage\n      $ foo <input>\n\n    Options\n"), markdown);
  assert.ok(!markdown.split("\n").some((l) => l.startsWith(">")), markdown);
});

Deno.test("in ragged prose that hyphenates no word, a compound broken at its own hyphen keeps it", async () => {
  const { markdown } = await convert("hyphen_compounds.weasyprint");
  // `forward-` / `slashes` and `hex-` / `pairs` end lines of ragged text; the document writes `slashes`,
  // `pair` and `hex` elsewhere, and joins no broken word that it writes whole elsewhere.
  assert.ok(markdown.includes("Always do write forward-slashes in patterns,"), markdown);
  assert.ok(markdown.includes("Bytes are all read as hex-pairs, left to right,"), markdown);
});

Deno.test("where ragged prose moves long words whole, a hyphen ending a line is the word's own", async () => {
  const { markdown } = await convert("whole_words.weasyprint");
  // Neither half of either compound is written again; lines end with room for a syllable of `directories`,
  // `normalizes`: the engine hyphenates no word. The word after `re-` is followed by inline code.
  assert.ok(markdown.includes("The tool is a small cross-platform watcher"), markdown);
  assert.ok(markdown.includes("and so it re-emits `Ctrl+C` from its input."), markdown);
});

Deno.test("a quote in two columns that runs on over the column turn is one quote", async () => {
  const { markdown } = await convert("quote_turn.weasyprint");
  const quotes = markdown.split("\n").filter((l) => l.startsWith(">"));
  assert.equal(quotes.length, 1, markdown);
  assert.ok(quotes[0]!.includes("keeping the default wherever you can."), markdown);
  assert.ok(quotes[0]!.endsWith("already bring these risks."), markdown);
  assert.ok(markdown.includes("\n\nThe type option says which media types the parser reads."), markdown);
});

Deno.test("a line of prose whose inline code runs over the gutter stays in its column's reading", async () => {
  const { markdown } = await convert("code_overrun.weasyprint");
  // The overrunning line does not cut the page into bands: the left column is read whole before the right.
  const order = [
    "`.arrayBuffer()`",
    "A hook may change the request",
    "Timeouts end a request",
    "client.get(input, options)",
    "the input is a URL or a string that names one.",
  ].map((text) => markdown.indexOf(text));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), markdown);
});

Deno.test("an item's line opening with a dash goes on with it where no room was left in its own column", async () => {
  const { markdown } = await convert("column_dash.weasyprint");
  // The line above ends short of the page's right edge but at its column's: the dash did not fit after it.
  assert.ok(
    markdown.includes("\n- A twin star or globstar (`**`) — matches zero or more directories.\n"),
    markdown,
  );
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("- ")).length, 4, markdown);
  assert.ok(!markdown.includes(">"), markdown);
});

Deno.test("a paragraph and a nested item run on over the column turn; a link opening a column is its own", async () => {
  const { markdown } = await convert("column_turn.weasyprint");
  assert.ok(
    markdown.includes("the directory's contents again, so that a rename seen as two events"),
    markdown,
  );
  // The item's rest stands at its text edge in the next column: neither a paragraph nor a quote of its own,
  // measured from the page's margin where its own column has no line at its edge.
  assert.ok(
    markdown.includes(
      "  - The interval is how often the size is polled while the watcher waits for it to settle.",
    ),
    markdown,
  );
  assert.ok(!markdown.includes(">"), markdown);
  // A link alone in its paragraph at a column's foot, and another opening the next column, stay apart.
  assert.ok(
    markdown.endsWith(
      "(https://www.npmjs.com/~watcher)\n\n[https://example.com/watcher](https://example.com/watcher)\n",
    ),
    markdown,
  );
});

Deno.test("with no space between paragraphs and no indent, a paragraph set apart by a blank line above is a quote", async () => {
  const { markdown } = await convert("spaced_quote.weasyprint");
  const quotes = markdown.split("\n").filter((l) => l.startsWith(">"));
  // One below a paragraph, one below a listing; flush left, in the body's face and size.
  assert.deepEqual(quotes, [
    "> We recommend not setting a very high limit and keeping the default wherever you can.",
    "> Larger bodies take more memory to decode and longer to answer.",
  ], markdown);
  // Paragraphs a line's step below a heading, a paragraph or a list stay paragraphs.
  assert.ok(markdown.includes("# Limits\n\nThe limit option controls"), markdown);
  assert.ok(markdown.includes("\n\nThe same option is read by every parser"), markdown);
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("- ")).length, 2, markdown);
  // No space below a quote either: it ends at its line that ended a sentence with room to spare.
  assert.ok(
    markdown.endsWith("answer.\n\nThe type option says which media types the parser reads.\n"),
    markdown,
  );
});

Deno.test("inline code too long for the rest of a line, wrapped whole onto its own, stays in its paragraph", async () => {
  const blocks = (await convert("wrapped_code_word.weasyprint")).markdown.split("\n\n");
  // The prose line before it is full and ends in prose: the code went on because it did not fit.
  assert.ok(
    blocks.includes(
      "The service reads its settings from the file in the root of the project, unless a path is given in " +
        "`compose.production.override.settings.yml`",
    ),
    blocks.join("\n\n"),
  );
  assert.ok(
    blocks.includes(
      "> This can differ from the compose configuration found in the root of the project " +
        "`docker-compose.production.override.yml`",
    ),
    blocks.join("\n\n"),
  );
  // A one-word listing a line below a short line (measured against the page's prose, not the line alone).
  assert.ok(blocks.includes("Start it with"), blocks.join("\n\n"));
  assert.ok(blocks.includes("```\nmake\n```"), blocks.join("\n\n"));
});

Deno.test("listings back to back with no space between part where a file comment, a prompt, an interpreter line or a lone command's sequel opens one", async () => {
  const { markdown } = await convert("adjoining_listings.abiword");
  const listings = [...markdown.matchAll(/```\n([\s\S]*?)\n```/g)].map((m) => m[1]);
  assert.deepEqual(listings, [
    "# config/.env\nPORT=8080\nLOG_LEVEL=debug",
    '// server.js\nimport { settings } from "reader";\nconsole.log(settings().PORT);',
    "$ node server.js\n8080",
    '<!-- status.html -->\n<script src="/reader.js"></script>',
    "/* status.css */\nbody { margin: 0; }",
    // A file comment after a blank row inside one listing stays in it.
    '// reader.js\nexport const read = (path) => load(path);\n\n// index.js\nimport { read } from "./reader.js";',
    "$ chmod +x ./report.js",
    '#!/usr/bin/env node\nimport { report } from "reader";\nreport(process.argv[2]);',
    // Later prompts of a terminal session stay in it.
    "$ npm install reader\nadded 1 package\n$ npx reader --version\n2.1.0",
    // A listing of one command: another manager's install of the same package, a program's statement under it.
    "npm install reader",
    "yarn add reader",
    "pnpm add reader",
    "npm install reader",
    'import { read } from "reader";\nread("./settings.json");',
    "$ reader --fast ./settings.json",
    'await read("./settings.json", { fast: true });',
    // A data file's listing, opened by its name, and the program reading it.
    "# settings.yml\nport: 8080\nhosts:\n  - harbour.example",
    'import { readYaml } from "reader";\nconst settings = readYaml("./settings.yml");',
    // Commands run one after another stay in their listing.
    "npm install reader\nnpm test",
  ]);
});

Deno.test("listing rows too long for the left column, ending in the gutter or over the right column's edge, stay in their listing", async () => {
  const { markdown } = await convert("gutter_rows.weasyprint");
  // Rows of 33 to 35 cells in a column of 31: some share a baseline with the right column's lines, a
  // space's width short of them or a few points over their edge.
  const listing = await Deno.readTextFile(new URL("./fixtures/layout/gutter_rows.html", import.meta.url));
  const rows = /<pre><code>([\s\S]*?)<\/code><\/pre>/.exec(listing)![1]!.replaceAll("&quot;", '"');
  assert.ok(markdown.includes("```\n" + rows + "\n```"), markdown);
  // The right column's paragraphs keep none of the listing's rows.
  assert.equal(markdown.match(/\.open\(/g)?.length, 14, markdown);
  assert.ok(!/`\w+\.\w+\.open/.test(markdown), markdown);
});

Deno.test("ruled tables of other shapes: numbers set flush right, no header row, options broken after their dashes", async () => {
  for (const producer of ["weasyprint", "abiword"]) {
    const { markdown } = await convert(`table_shapes.${producer}`);
    const rows = tableRows(markdown.replaceAll("`", ""));
    assert.deepEqual(rows.slice(0, 4), [
      ["Parser", "Operations per second", "Memory (MB)"],
      ["fast-parse", "1,204,331", "12.5"],
      ["strict-parse", "98,210", "8.0"],
      ["legacy", "7,412", "31.25"],
    ], markdown);
    // A table with no header row keeps its first row as a row; WeasyPrint breaks `-o` and `--watch` after
    // their dashes in a column two letters wide, and the cells of several lines come out whole.
    assert.deepEqual(rows.slice(4), [
      [
        "-o",
        "--out",
        "Where the built files are written, relative to the working directory unless absolute.",
      ],
      ["-w", "--watch", "Build again whenever a source file changes."],
      ["-q", "--quiet", "Print nothing but errors."],
    ], markdown);
  }
});

Deno.test("a list inside a quote stays in it where the quote goes on after the list; a list after a quote does not", async () => {
  const nested = [
    "> Callers may rely on the order of events, and on nothing else about their timing or their grouping.",
    ">",
    "> 1. Every file opened is closed.",
    "> 2. Every error names its source.",
    ">",
    "> Promises made by a library are only as good as the tests that check them, and ours run on every change.",
  ].join("\n");
  const after = [
    "> Nothing is read until it is asked for, and nothing asked for is read twice by the same reader.",
    "",
    "- The first read opens the source.",
    "- The last read closes it.",
  ].join("\n");
  for (const producer of ["weasyprint", "abiword"]) {
    const { markdown } = await convert(`quoted_list.${producer}`);
    assert.ok(markdown.includes(nested), markdown);
    assert.ok(markdown.includes(after), markdown);
  }
  // WeasyPrint sets the quote's paragraph after its list in too; AbiWord sets it flush left, as text.
  const { markdown } = await convert("quoted_list.weasyprint");
  const kept = [
    "> - It never reads a file twice.",
    "> - It never blocks the event loop.",
    ">",
    "> Each promise is checked by the tests that run on every change, and a change that breaks one is refused.",
  ].join("\n");
  assert.ok(markdown.includes(kept), markdown);
});

Deno.test("a tagged quote holds its listing, lists and paragraphs; a listing's rows wrap under a hanging indent", async () => {
  const { markdown } = await convert("tagged_quote.chromium");
  // The structure tree ties a quote's blocks together where no rule is read (a browser's border).
  assert.ok(
    markdown.includes(
      "> Tip: to remove the shortcuts again later, run:\n>\n> ```\n> abbr -e -- --help\n> abbr -e -- -h\n> ```\n>\n" +
        "> The two dashes before each name keep it from being read as an option.\n\n> Note:",
    ),
    markdown,
  );
  assert.ok(
    markdown.includes(
      "> Note: a style given on the command line wins over the one in the file.\n>\n> For example,",
    ),
    markdown,
  );
  assert.ok(
    markdown.includes(
      "> Important: these options are not added if:\n>\n> - the pager is not named less;\n" +
        "> - the pager is given arguments of its own.\n>\n> The option to quit early is not added when:\n>\n" +
        "> - paging is always asked for.\n\n> A quote of its own, right after the other.\n",
    ),
    markdown,
  );
  // Wrapped after an option's dashes, the rest hanging 5 em in from the listing's edge (pandoc's print style).
  assert.ok(markdown.includes('args[index]="$(cygpath --windows "${args[index]}")"\n}'), markdown);
});

Deno.test("a ruled table too wide for the left column, broken into the right one, stays apart from the listing there", async () => {
  const { markdown } = await convert("table_over_gutter.weasyprint");
  // Its rules reach a few points into the right column, over those of its own rows there.
  const rows = tableRows(markdown);
  assert.equal(rows.length, 13, markdown);
  assert.deepEqual(rows.map((r) => r[0]), [
    "Option",
    "source",
    "timeout",
    "retries",
    "encoding",
    "separator",
    "buffer",
    "skip",
    "limit",
    "strict",
    "watch",
    "returns",
    "throws",
  ]);
  assert.ok(rows.every((r) => r.length === 2), markdown);
  const listing = await Deno.readTextFile(
    new URL("./fixtures/layout/table_over_gutter.html", import.meta.url),
  );
  const code = /<pre><code>([\s\S]*?)<\/code><\/pre>/.exec(listing)![1]!.replaceAll("&quot;", '"');
  assert.ok(markdown.includes("Example:\n\n```\n" + code + "\n```"), markdown);
});

Deno.test("a rule drawn across the text between blocks is a thematic break; a table's rules and an underline are not", async () => {
  const { markdown } = await convert("thematic_break.weasyprint");
  // WeasyPrint paints each rule by filling the page through a clip the rule's shape.
  assert.equal(markdown.split("\n").filter((l) => l === "---").length, 2, markdown);
  assert.ok(markdown.includes("check the tree.\n\n---\n\n"), markdown);
  assert.ok(/Playground\n\n---\n\n## Options/.test(markdown), markdown);
  // The table keeps its rows, with no break drawn out of its rules.
  assert.ok(markdown.includes("| width | 80 |\n\nEvery other option"), markdown);
});

Deno.test("thematic breaks groff draws in short strokes, on a page painting nothing else, are breaks", async () => {
  const { markdown } = await convert("stroked_break.gropdf");
  assert.equal(markdown.split("\n").filter((l) => l === "---").length, 2, markdown);
  // The bold line under the first, set short and flush left of the centred rule: a paragraph under a break.
  assert.ok(markdown.includes("tide.\n\n---\n\nCorrections\n\n"), markdown);
  assert.ok(markdown.includes("Streams\n\n---\n\n## Charts"), markdown);
  assert.deepEqual(headings(markdown), [
    "# Tide tables",
    "## Reading the tables",
    "### Spring tides",
    "### Neap tides",
    "## Charts",
  ]);
});

Deno.test("AbiWord's listings stay whole: blank lines in indented code, rows wrapped at a space or after a path's brace, a column of figures", async () => {
  const { markdown } = await convert("abiword_listings.abiword");
  const source = await Deno.readTextFile(new URL("./fixtures/layout/abiword_listings.md", import.meta.url));
  const blocks = (text: string) =>
    [...text.matchAll(/```[^\n]*\n([\s\S]*?)\n```/g)].map((m) => m[1]!.replace(/\s+/g, " ").trim());
  // Most rows stand at the listing's step, a few a point lower: indented code, whose rows go back left
  // where a block closes, is no listing wrapped at a hanging indent, so its blank lines keep it whole.
  // The help text's long lines are wrapped at a space, one leaving `10.` alone at the listing's edge; the
  // request's row is broken after `{team}/`.
  assert.deepEqual(blocks(markdown).slice(0, 9), blocks(source).slice(0, 9), markdown);
  assert.ok(!markdown.includes("`10.`"), markdown);
  // A row ending in a URL's slash at the edge is no wrap where a blank row stands under it.
  assert.ok(markdown.includes("http://localhost:3000/\n\nStatistics"), markdown);
  // A column of percentiles climbing by more than one is no listing's line numbers: every one stays.
  const percentiles: string[] = markdown.slice(markdown.indexOf("Percentile")).match(/\b\d+(?:\.\d+)?\b/g) ??
    [];
  for (const p of ["0.1", "1", "10", "25", "50", "75", "90", "99"]) {
    assert.ok(percentiles.includes(p), markdown);
  }
});

Deno.test("a heading of inline code a blank row or more under a listing, prose under it, is no row of the listing", async () => {
  const { markdown } = await convert("code_heading_rows.abiword");
  const source = await Deno.readTextFile(new URL("./fixtures/layout/code_heading_rows.md", import.meta.url));
  const listings = (text: string) => [...text.matchAll(/```[^\n]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);
  // AbiWord sets these headings bold at the code's size; one (`ebbStart`) lands on the listing's grid.
  assert.deepEqual(listings(markdown), listings(source), markdown);
  assert.deepEqual(markdown.match(/^### .*$/gm), source.match(/^### .*$/gm), markdown);
});

Deno.test("a heading at body size alone and bold over a listing, on a page of too little prose to measure, keeps no row of it", async () => {
  const { markdown } = await convert("listing_heading.abiword");
  const source = await Deno.readTextFile(new URL("./fixtures/layout/listing_heading.md", import.meta.url));
  const listings = (text: string) => [...text.matchAll(/```[^\n]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);
  // The second page is mostly listings: the heading's line gives no room to measure, and stands at the
  // prose's step over the listing's short first row (`import {`).
  assert.deepEqual(listings(markdown), listings(source), markdown);
  assert.match(markdown, /^#+ Row helpers$/m);
});

Deno.test("a quote in the right column of a last page too short to show its gutter is set in from that column", async () => {
  const { markdown } = await convert("column_quote.weasyprint-columns");
  // The page's own lines show no gutter; the document's other pages do, and the quote is set in from its column.
  assert.ok(markdown.endsWith("standard port's in summer.\n\n> Read at noon\n"), markdown.slice(-300));
  assert.equal(markdown.split("\n").filter((l) => l.startsWith(">")).length, 1, markdown);
});

/** The quotes of some Markdown (runs of lines opening with `>`), each as its paragraphs' first letters. */
function quotesOf(markdown: string): string[][] {
  const quotes: string[][] = [];
  let open = false;
  for (const line of markdown.split("\n")) {
    if (!line.startsWith(">")) open = false;
    else if (line.replace(/^[>\s]+/, "")) {
      if (!open) quotes.push([]);
      quotes[quotes.length - 1]!.push(line.replace(/^[>\s]+/, "").slice(0, 24));
      open = true;
    }
  }
  return quotes;
}

for (const producer of ["weasyprint", "gropdf", "rst2pdf"]) {
  Deno.test(`a quote nested in another is the other's, which goes on after it (${producer})`, async () => {
    const { markdown } = await convert(`nested_quote.${producer}`);
    assert.deepEqual(quotesOf(markdown), [
      ["The letter from the boar", "Keepers shall record the", "And he did, from that da"],
      ["The relief keeper came o"],
    ], markdown);
  });
}

Deno.test("a listing on no box inside a quote that goes on after it is the quote's; after a quote that ended, not", async () => {
  const { markdown } = await convert("quote_listing.weasyprint");
  assert.ok(
    markdown.includes(
      "coast:\n>\n> ```\n> 06:00  wind SW 4  sea moderate  glass falling\n> ```\n>\n> He read",
    ),
    markdown,
  );
  assert.ok(markdown.includes("own:\n\n```\n06 SW4 mod falling\n```\n\nThe board wrote"), markdown);
  assert.ok(markdown.includes("hand:\n\n```\n06:00  wind NW 3"), markdown);
});

Deno.test("a ruled table a token widens over the gutter keeps its rows whole; the right column's lines under it stay prose", async () => {
  const { markdown } = await convert("wide_table_columns.weasyprint-columns");
  // The table is drawn over the right column's lines beside it, which start well inside its last cell.
  const rows = tableRows(markdown);
  assert.deepEqual(
    rows.map((r) => r[0]),
    ["Mode", "`strict`", "`floor`", "`ceil`", "`trunc`", "`round`"],
    markdown,
  );
  assert.equal(rows[1]![1], "Throws `STRICT_TIDE_PRECISION_LOSS` when the reading is not exact.");
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("| --- |")).length, 1, markdown);
  assert.ok(headings(markdown).includes("## Comparisons"), markdown);
  assert.ok(
    markdown.includes(
      "\n\nThe ledger keeps a page for each month of the year, and each page is kept in the harbour office for seven " +
        "years before it goes to the town archive, where it is bound with the other ledgers of its decade.\n\n",
    ),
    markdown,
  );
});

Deno.test("quotes made only of inline code are quotes, each its own; a listing stays one; an item's inline code wrapped alone stays in it", async () => {
  const { markdown } = await convert("code_quotes.weasyprint");
  assert.ok(
    markdown.includes(
      "\n\n> `npm install tide-tables`\n\n> `deno add jsr:@harbour/tide-tables`\n\n" +
        "> `deno doc jsr:@harbour/tide-tables` prints the documentation.\n\n",
    ),
    markdown,
  );
  assert.ok(markdown.includes("\n\n```\ntide-tables --port north --hours 24\n```\n\n"), markdown);
  // Inline code wrapped whole onto a line of its own at a list item's text edge, set smaller than the item's text.
  assert.ok(
    markdown.includes("(always lower case). Example: `'spring-high-water'`\n- `levels`"),
    markdown,
  );
});

Deno.test("a one-line quote set in on the left only that fills its measure is a quote, two in a row two (rst2pdf)", async () => {
  const { markdown } = await convert("full_line_quote.rst2pdf");
  assert.deepEqual(quotesOf(markdown), [
    ["A ring around the moon o"],
    ["When gulls stand on the "],
    ["Trim the wick before the"],
  ], markdown);
});

for (const producer of ["weasyprint", "gropdf", "rst2pdf"]) {
  Deno.test(`a quote's list that ends it is the quote's; a list after a quote is not (${producer})`, async () => {
    const { markdown } = await convert(`quote_ends_list.${producer}`);
    assert.ok(
      markdown.includes("each watch:\n>\n> - the wick trimmed and the glass wiped clean\n> - the oil"),
      markdown,
    );
    assert.ok(
      markdown.includes("in order:\n>\n> 1. write the state of the sea and the glass in the log\n> 2. hand"),
      markdown,
    );
    assert.ok(
      markdown.includes("first year.\n\n- a lamp is never left alone in a gale\n- the boat"),
      markdown,
    );
  });
}

Deno.test("quotes of one command set flush left stand a blank line below the block above, where listings stand a line's step", async () => {
  // AbiWord marks a quote only by a blank line's space above it: one-row quotes in the code face read as
  // quotes, one each, while listings under a heading or a paragraph stay listings.
  const blocks = (await convert("command_quotes.abiword")).markdown.split("\n\n");
  for (
    const quote of [
      "> `npm install reader`",
      "> `deno add jsr:@scope/reader`",
      "> `npx reader --print ./settings.yml`",
    ]
  ) {
    assert.ok(blocks.includes(quote), `${quote}\n---\n${blocks.join("\n\n")}`);
  }
  assert.ok(blocks.includes("```\nreader --check ./settings.yml\n```"), blocks.join("\n\n"));
  assert.ok(
    blocks.includes('```\nimport { read } from "reader";\nconst settings = read("./settings.yml");\n```'),
    blocks.join("\n\n"),
  );
  assert.ok(
    blocks.includes("It prints the values as the program would see them, one a line."),
    blocks.join("\n\n"),
  );
});

Deno.test("GitHub alerts printed flush left as paragraphs opening with their label are quotes", async () => {
  // AbiWord sets a quote flush left, as far below a table or a listing as any paragraph: the label is the
  // only mark. A lead-in ending the alert's paragraph over a listing outside it is a paragraph of its own.
  const blocks = (await convert("flush_alerts.abiword")).markdown.split("\n\n");
  const quotes = blocks.filter((b) => b.startsWith(">"));
  assert.deepEqual(quotes.map((q) => /^> (\[!\w+\])/.exec(q)?.[1]), ["[!NOTE]", "[!WARNING]", "[!TIP]"]);
  assert.ok(quotes[0]!.endsWith("The rounding is done last, after the scale."), quotes[0]);
  assert.ok(quotes[1]!.endsWith("is taken off the log until it is set again."), quotes[1]);
  assert.ok(blocks.includes("Example:"), blocks.join("\n\n"));
  assert.ok(blocks.some((b) => b.startsWith("Each line of the log holds")), blocks.join("\n\n"));
});
