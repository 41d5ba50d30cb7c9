/**
 * Structure found in small PDFs made by the foreign corpus' producers
 * (pdflatex, wkhtmltopdf), converted with real pdf.js. Sources and how they
 * are made: `fixtures/structure/` and `bench/pdf/make_structure_fixtures.ts`.
 */
import assert from "node:assert/strict";
import { OPS as PDFJS_OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { OPS } from "../../../lib/pdf/vector_marks.ts";

/** Converts a structure fixture. */
async function convert(name: string): Promise<string> {
  const bytes = await Deno.readFile(new URL(`./fixtures/structure/${name}.pdf`, import.meta.url));
  return (await convertPdf(bytes)).markdown;
}

/** Lines of Markdown, for membership checks. */
function lines(markdown: string): string[] {
  return markdown.split("\n");
}

/** The block quotes of some Markdown, each as its lines. */
function quoteBlocks(markdown: string): string[] {
  return markdown.split(/\n{2,}/).filter((b) => b.startsWith(">"));
}

/** How many paragraphs each block quote of some Markdown holds. */
function quoteParagraphs(markdown: string): number[] {
  return quoteBlocks(markdown).map((q) => q.split("\n").filter((l) => l.startsWith("> ")).length);
}

/** The heading lines of some Markdown. */
function headings(markdown: string): string[] {
  return lines(markdown).filter((l) => l.startsWith("#"));
}

Deno.test("the operator codes read for vector bullets are pdf.js' own", () => {
  for (const [name, code] of Object.entries(OPS)) {
    assert.equal(PDFJS_OPS[name as keyof typeof PDFJS_OPS], code, name);
  }
});

Deno.test("bullets drawn as shapes (wkhtmltopdf) make list items, nested by indent", async () => {
  const out = lines(await convert("lists.wkhtmltopdf"));
  for (
    const expected of [
      "- apples and pears",
      "- bread from the [baker](https://example.com/bread)",
      "  - rye",
      "  - spelt",
      "    - whole grain",
      "- milk",
      "1. Write the list",
    ]
  ) assert.ok(out.includes(expected), `missing ${JSON.stringify(expected)}`);
});

Deno.test("TeX's third-level marker starts its own item instead of running into its parent", async () => {
  const out = lines(await convert("lists.pdflatex"));
  assert.ok(out.includes("  - spelt"), out.join("\n"));
  assert.ok(out.includes("    - whole grain"), out.join("\n"));
});

Deno.test("a TeX bullet in a re-encoded roman subset is not taken for code", async () => {
  const markdown = await convert("tex_bullets.pdflatex");
  assert.ok(!markdown.includes("```"), markdown);
  const out = lines(markdown);
  assert.ok(out.includes("- Plain syntax: promises and template strings, like `zx`."), markdown);
  assert.ok(
    out.includes("- Better support for [`PATHEXT`](https://example.com/pathext), and more."),
    markdown,
  );
  assert.ok(out.includes("- Script interface."), markdown);
});

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a paragraph set in on both sides is a block quote, an item's second paragraph is not (${producer})`, async () => {
    const markdown = await convert(`quote.${producer}`);
    const quotes = lines(markdown).filter((l) => l.startsWith(">"));
    assert.equal(quotes.length, 1, markdown);
    assert.match(quotes[0]!, /^> Simplicity is prerequisite for reliability\. .* narrower measure\.$/);
  });
}

/** The fenced code blocks of some Markdown. */
function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`code blocks keep inner blank lines, part where two blocks meet and run on across a page (${producer})`, async () => {
    const blocks = codeBlocks(await convert(`code.${producer}`));
    assert.equal(blocks.length, 3, blocks.join("\n---\n"));
    assert.equal(blocks[0], "const a = 1;\n\nconsole.log(a);");
    assert.equal(blocks[1], "$ node example.js\n1");
    const long = blocks[2]!.split("\n");
    assert.equal(long.length, 74);
    assert.equal(long[73], "line 74 of the long listing");
  });

  Deno.test(`prose sets the body size in a code-heavy document, and outline depth gives TeX's fourth level (${producer})`, async () => {
    const markdown = await convert(`headings.${producer}`);
    const headings = lines(markdown).filter((l) => l.startsWith("#"));
    assert.deepEqual(headings, ["# Guide", "## Setup", "### Options", "#### Verbose", "#### Quiet"]);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a bold lead-in ending in a colon is not a heading (${producer})`, async () => {
    const headings = lines(await convert(`leadins.${producer}`)).filter((l) => l.startsWith("#"));
    assert.ok(!headings.some((h) => h.includes("Options")), headings.join("\n"));
    assert.deepEqual(headings.slice(0, 3), ["# Tool", "## Usage", "### Output"]);
  });
}

Deno.test("each outline entry names one heading, so emphasis repeating its words stays a paragraph", async () => {
  const headings = lines(await convert("leadins.pdflatex")).filter((l) => l.startsWith("#"));
  assert.deepEqual(headings, ["# Tool", "## Usage", "### Output"]);
});

Deno.test("code keeps its own line grid where prose lines are spaced by paragraph skips (pdflatex)", async () => {
  const blocks = codeBlocks(await convert("code_notes.pdflatex"));
  assert.deepEqual(blocks, ["first line of code\nsecond line of code\nthird line of code"]);
});

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`help text with aligned columns stays one code block, not a table (${producer})`, async () => {
    const markdown = await convert(`help.${producer}`);
    assert.ok(!markdown.includes("| --- |"), markdown);
    const blocks = codeBlocks(markdown);
    assert.equal(blocks.length, 1, markdown);
    assert.match(blocks[0]!, /^ {2}-o, --out <dir> {3}write results to dir$/m);
  });
}

Deno.test("consecutive headings the outline lists apart stay apart (pdflatex)", async () => {
  const headings = lines(await convert("twoheads.pdflatex")).filter((l) => l.startsWith("#"));
  assert.deepEqual(headings, [
    "# Api",
    "## Functions",
    "### start(text)",
    "### start(options)",
    "### stop()",
  ]);
});

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a quote is set in from the column's left edge even where list items outnumber paragraphs (${producer})`, async () => {
    const out = lines(await convert(`quote_list.${producer}`));
    assert.deepEqual(out.filter((l) => l.startsWith(">")), ["> A one-line quote opens the page."]);
    assert.ok(out.includes("- seven items"));
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  // An HTML engine sets the code smaller than body text, spaced like no other heading there: it sits
  // one level under the heading of prose before it.
  Deno.test(`a heading made only of inline code is a heading, not a code block (${producer})`, async () => {
    const markdown = await convert(`code_heading.${producer}`);
    assert.deepEqual(lines(markdown).filter((l) => l.startsWith("#")), [
      "# Api",
      "## `run(options) => Promise<void>`",
      "## `stop()`",
    ]);
    assert.equal(codeBlocks(markdown).length, 0);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a listing over three pages stays one code block (${producer})`, async () => {
    const blocks = codeBlocks(await convert(`code_long.${producer}`));
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0]!.split("\n").length, 140);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a line in a listing that repeats a section title stays in the listing (${producer})`, async () => {
    const markdown = await convert(`code_titles.${producer}`);
    assert.deepEqual(codeBlocks(markdown), [
      'import tool from "tool";\n\n// usage\ntool.run();',
      "$ tool --help\n\n  Usage\n    $ tool <input>\n\n  Options\n    --quiet  Say less",
    ]);
    assert.deepEqual(headings(markdown), ["# Tool", "## Usage", "## Options"]);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a quote on a page with no full line of prose is still a quote (${producer})`, async () => {
    const quotes = lines(await convert(`quote_after.${producer}`)).filter((l) => l.startsWith(">"));
    assert.ok(
      quotes.some((q) => q.startsWith("> A quote on a page whose other lines are short")),
      quotes.join("\n"),
    );
  });
}

Deno.test("a quote set in less than the list items before it is a quote, not their paragraph (wkhtmltopdf)", async () => {
  const quotes = lines(await convert("quote_after.wkhtmltopdf")).filter((l) => l.startsWith(">"));
  assert.ok(quotes.some((q) => q.startsWith("> A quote right after a list")), quotes.join("\n"));
});

Deno.test("inline code set smaller than its text neither lowers a heading nor breaks a paragraph (wkhtmltopdf)", async () => {
  const markdown = await convert("code_in_text.wkhtmltopdf");
  assert.deepEqual(headings(markdown), [
    "# Api",
    "## Setup",
    "## `start(options)`, `startSync(options)`",
    "## Use `fs.mkdir(path, {recursive: true}, cb)` if:",
  ]);
  assert.match(markdown, /^Starts the task\. .* and little else\.$/m);
});

Deno.test("an HTML engine's heading sizes give the level a skipped one hides; bold body text is not a heading (wkhtmltopdf)", async () => {
  assert.deepEqual(headings(await convert("html_levels.wkhtmltopdf")), [
    "# Watcher",
    "## Getting started",
    "#### Persistence",
    "#### Performance",
  ]);
});

Deno.test("a bullet drawn as a shape before inline code set smaller joins its line, so the item keeps its wrapped lines (wkhtmltopdf)", async () => {
  const out = lines(await convert("code_items.wkhtmltopdf"));
  for (
    const expected of [
      "- `persistent` (default: `true`). Keeps the process running while files are being watched, so that a script that only watches does not end on its own before the user stops it.",
      "- `ignored` (function, regex or path). Files to leave out.",
      "  - `depth` (number). How deep to go.",
      "- `cwd` (no default). The base directory.",
    ]
  ) assert.ok(out.includes(expected), `missing ${JSON.stringify(expected)} in\n${out.join("\n")}`);
});

Deno.test("a heading made only of inline code, set at the code size, takes the level of the headings spaced like it (wkhtmltopdf)", async () => {
  const markdown = await convert("code_heading_levels.wkhtmltopdf");
  assert.deepEqual(headings(markdown), [
    "# Api",
    "## Usage",
    "## `run(options) => Promise<void>`",
    "### Options",
    "## `stop()`",
  ]);
  assert.equal(codeBlocks(markdown).length, 0);
});

Deno.test("a table whose wrapped cells sit centred beside one-line ones keeps one row per row (wkhtmltopdf)", async () => {
  const out = lines(await convert("table_wrapped.wkhtmltopdf"));
  for (
    const row of [
      "| \\[`node` = random by default\\] | The node field as an array of six bytes |",
      "| \\[`clockseq` = random by default\\] | The clock sequence as a number |",
      "| \\[`buffer`\\] | Where to write the bytes |",
    ]
  ) assert.ok(out.includes(row), `missing ${row} in\n${out.join("\n")}`);
  assert.ok(out.includes("Example follows."));
});

Deno.test("TeX's circumflex and tilde in highlighted code read back as typed (pdflatex)", async () => {
  assert.deepEqual(codeBlocks(await convert("code_ascii.pdflatex")), [
    "$ cat ~/.config/app.env\n$ echo $((2 ^ 3)) ^^",
  ]);
});

Deno.test("a quote is found where no prose line reaches the right margin (wkhtmltopdf)", async () => {
  const quotes = lines(await convert("quote_ragged.wkhtmltopdf")).filter((l) => l.startsWith(">"));
  assert.equal(quotes.length, 1, quotes.join("\n"));
  assert.match(quotes[0]!, /^> A quote long enough to wrap .* wraps again here\.$/);
});

Deno.test("TeX's run-in headings stand apart from their paragraph, at the fourth and fifth levels", async () => {
  const out = await convert("run_in.pdflatex");
  assert.deepEqual(headings(out), [
    "# kettle",
    "## Usage",
    "### boil(options)",
    "#### settings",
    "##### temperature",
    "##### timeout",
    "### pour()",
    "#### Safety",
    "#### Cleaning",
    "## Notes",
    "#### Descaling",
  ]);
  const body = lines(out);
  assert.ok(body.includes("The `boil` function reads the following keys:"), out);
  assert.ok(body.includes("Keep the spout away from your hands while you pour."), out);
  // A bold lead-in followed by a word space is emphasis inside its paragraph.
  assert.ok(!body.some((l) => l.startsWith("#") && l.includes("Careful")), out);
});

Deno.test("a bold first cell a quad from its text in every row is a run-in heading, not a table", async () => {
  const out = await convert("run_in.pdflatex");
  assert.ok(!out.includes("|"), out);
});

Deno.test("a one-line quote paragraph right after a list joins the quote that follows at its edge (pdflatex)", async () => {
  const out = lines(await convert("quote_after_list.pdflatex"));
  assert.deepEqual(out.filter((l) => l.startsWith(">")), [
    "> Heads up",
    ">",
    "> The switch stays lit while the water heats, and goes dark once the water has boiled, which takes a few minutes.",
  ]);
  // An item's next paragraph, set in as far as the item's text, stays out of any quote: it is the item's.
  assert.ok(out.join("\n").includes("- pour a cup\n\n  The cup should be warm first"), out.join("\n"));
});

Deno.test("two quotes in a row stay two where each has its own painted rule (wkhtmltopdf)", async () => {
  const out = await convert("quotes_in_a_row.wkhtmltopdf");
  assert.deepEqual(quoteParagraphs(out), [1, 1, 2], out);
});

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`TeX's fourth level on a line of its own is a heading when spaced like one, bold text is not, and one with nothing under it but the next heading is over it (${producer})`, async () => {
    const out = await convert(`run_in_alone.${producer}`);
    assert.deepEqual(headings(out), [
      "# teapot",
      "## Usage",
      "### brew(options)",
      "#### Options",
      "##### strength",
      "##### time",
      "#### Extras",
      "##### milk",
      "### pour()",
      // A heading ending in a colon is set apart from a bold lead-in by TeX's space above it, and
      // by the face an HTML engine's style sheet gives its headings.
      "#### Before you pour:",
      "#### Sizes",
      "#### Warnings",
      // A section ending in a colon leads into the run-in headings after it.
      "### fill()",
      "#### Limits",
      "##### lowest",
      "##### highest",
      // Right under a heading TeX adds no space of its own: the space above tells nothing there.
      "### clean()",
      "#### Daily",
      "## Care",
    ]);
    const body = lines(out);
    // Bold body text a paragraph's space below a list is a paragraph, and a bold word a quad after a
    // run-in heading opens its body.
    assert.ok(body.includes("Tip for the patient"), out);
    assert.ok(body.includes("Required"), out);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`text set in under a tight list's items a paragraph's space below them is a quote, not their paragraph (${producer})`, async () => {
    const out = lines(await convert(`quote_tight_list.${producer}`));
    assert.deepEqual(
      out.filter((l) => l.startsWith(">")),
      ["> A few more words about the water."],
      out.join("\n"),
    );
    assert.ok(out.some((l) => l.includes("Fill it to the first mark.")), out.join("\n"));
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`quotes in a row stay apart, and a one-line label leads into the paragraph after it (${producer})`, async () => {
    const out = await convert(`quotes_apart.${producer}`);
    assert.deepEqual(quoteParagraphs(out), [1, 1, 2], out);
    assert.match(quoteBlocks(out)[2]!, /^> Note\n>\n> The light stays on/);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a run-in heading may hold inline code, and a heading of code before another is no listing (${producer})`, async () => {
    const out = await convert(`run_in_code.${producer}`);
    assert.deepEqual(headings(out).slice(0, 6), [
      "# kettle api",
      "## Usage",
      "### Methods",
      "#### `boil(options)`",
      "#### `pour(cups)` method",
      "#### Options `object`",
    ]);
    assert.ok(lines(out).includes("Pours some cups of tea."), out);
    assert.equal(codeBlocks(out).length, 0, out);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  // An HTML engine sets the code at one size in both: `stop()` is sized by its distance from the list
  // above it, `stop.force`, right under it, is taken for its child.
  Deno.test(`a heading of code with nothing under it but the next one is its parent (${producer})`, async () => {
    const out = await convert(`run_in_code.${producer}`);
    assert.deepEqual(headings(out).slice(6), ["#### `stop()`", "##### `stop.force`"]);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a bold notice right under the title is not a heading three levels down (${producer})`, async () => {
    const out = await convert(`notice.${producer}`);
    assert.deepEqual(headings(out), [
      "# gadget",
      "## Install",
      "### From the shop",
      "### From a friend",
      "## Use",
    ]);
    assert.ok(lines(out).includes("Looking for the older release? Its notes are kept apart"), out);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`inline code stretched apart from its words and wrapped onto a line of its own stays in its paragraph (${producer})`, async () => {
    const markdown = await convert(`code_wrap.${producer}`);
    assert.deepEqual(codeBlocks(markdown), ["teapot add assam"], markdown);
    assert.match(markdown, /^Type: .*Choices: `'assam' \| .* \| 'mint' \| null`$/m);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a highlighted comment in a listing gains no space after it (${producer})`, async () => {
    assert.deepEqual(codeBlocks(await convert(`code_comment.${producer}`)), [
      "const noop = () => {/* nothing yet */};\nconst later = () => {/* soon */}, now = () => 1;",
    ]);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a bold line on its own atop a page is a heading where every such line the space above shows is one (${producer})`, async () => {
    // TeX's fourth level under an outline two deep: "Options" opens the second page, before a list.
    assert.deepEqual(headings(await convert(`heading_page_top.${producer}`)), [
      "# kettle",
      "## Usage",
      "#### Filling",
      "#### Heating",
      "#### Options",
      "#### Safety",
      "## Care",
      "#### Descaling",
    ]);
  });
}

for (const producer of ["pdflatex", "wkhtmltopdf"]) {
  Deno.test(`a run-in section of label lines introduces the run-in headings after it; one of wrapped prose does not (${producer})`, async () => {
    assert.deepEqual(headings(await convert(`run_in_labels.${producer}`)), [
      "# teacup",
      "## API",
      "### teacup(options)",
      "#### options",
      "##### size",
      "##### sugar",
      "### refill(cup)",
      "#### cup",
      "##### cup.size",
      "##### cup.left",
      "### brew(pot)",
      "#### pot",
      "#### leaves",
    ]);
  });
}

Deno.test("LaTeX's default paragraphs (first line indented, no space between) come out whole, none as a quote", async () => {
  const source = await Deno.readTextFile(new URL("./fixtures/structure/indented.md", import.meta.url));
  const out = (await convert("indented.pdflatex")).trim().split(/\n{2,}/);
  // Each source paragraph, its lines joined, is one paragraph of the output, as it is or quoted.
  for (const block of source.trim().split(/\n{2,}/)) {
    const text = block.replace(/\n(> | {2})?/g, " ");
    assert.ok(out.includes(text), `missing ${JSON.stringify(text)} in\n${out.join("\n\n")}`);
  }
  assert.deepEqual(quoteBlocks(out.join("\n\n")).length, 1);
});
