/**
 * Documents other people built and committed beside their sources
 * (`bench/pdf/real/`, see `tests/_support/pdf_real_corpus.ts`), converted with
 * real pdf.js: what their outlines name comes out as headings at the
 * outline's levels, and the source's tables come out as tables. Only
 * documents of the tuning part are used here; the held-out part is for the
 * bench alone.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { REAL_DOCUMENTS, realPdfUrl, realSourceUrl } from "../../_support/pdf_real_corpus.ts";

/** These tests check structure, not speed: a loaded machine must not cut a conversion short. */
const LIMITS = { timeBudgetMs: 300_000 };

/** Converts a document of the tuning part, some of its pages or all. */
async function convert(name: string, pages?: string) {
  const doc = REAL_DOCUMENTS.find((d) => d.name === name);
  assert.ok(doc && !doc.heldOut, `${name} is not a tuning document`);
  return await convertPdf(await Deno.readFile(realPdfUrl(name)), { pages, limits: LIMITS });
}

/** The heading lines of some Markdown. */
function headings(markdown: string): string[] {
  return markdown.split("\n").filter((l) => /^#{1,6} /.test(l));
}

/** The rows of every Markdown table, each row as its trimmed cells, separator rows left out. */
function tableRows(markdown: string): string[][] {
  return markdown.split("\n").filter((l) => l.startsWith("|") && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) => l.slice(1, -1).split("|").map((c) => c.trim()));
}

Deno.test("a LaTeX book's outline (Eisvogel template) gives its chapters and sections at their levels", async () => {
  const { markdown, outline } = await convert("eisvogel-book");
  assert.equal(outline?.length, 9);
  assert.deepEqual(headings(markdown), outline!.map((e) => `${"#".repeat(e.level)} ${e.title}`));
  // The author's own headings, as the source spells them.
  assert.deepEqual(headings(markdown), headings(await Deno.readTextFile(realSourceUrl("eisvogel-book"))));
});

Deno.test("a LaTeX table from pandoc Markdown keeps the source's rows and cells", async () => {
  const { markdown } = await convert("eisvogel-images-tables");
  const source = tableRows(await Deno.readTextFile(realSourceUrl("eisvogel-images-tables")));
  assert.equal(
    source.length,
    15,
    "the source's LaTeX table (a header, six rows) and Markdown table (a header, seven)",
  );
  const rows = tableRows(markdown).map((r) => r.join(" | "));
  for (const row of source) {
    assert.ok(rows.includes(row.join(" | ")), `missing row ${row.join(" | ")}\n${markdown}`);
  }
});

Deno.test("captions the PDF prints (a LaTeX table's, a figure's, a listing's) are paragraphs of the text, as in the reference", async () => {
  const caption =
    "Nam liber tempor cum soluta nobis eleifend option congue nihil imperdiet doming id quod mazim";
  const listing = "Porrigitur et Pallas nuper longusque cratere habuisse sepulcro pectore fertur. Obscura";
  for (
    const [name, text, times] of [["eisvogel-images-tables", caption, 2], [
      "eisvogel-code-blocks",
      listing,
      2,
    ]] as const
  ) {
    const paragraphs = (md: string) => md.split(/\n\n/).filter((p) => p.includes(text));
    assert.equal(paragraphs(await Deno.readTextFile(realSourceUrl(name))).length, times, name);
    assert.equal(paragraphs((await convert(name)).markdown).length, times, name);
  }
});

Deno.test("a Typst document's outline names its headings, at their levels, on the pages converted", async () => {
  const { markdown, outline } = await convert("typst-tabut", "1-4");
  assert.equal(outline?.length, 34, "the outline covers the whole document");
  const onPages = outline!.filter((e) => e.page !== undefined && e.page <= 3);
  assert.deepEqual(onPages.map((e) => e.title).slice(0, 3), ["Tabut", "Outline", "Examples"]);
  const found = headings(markdown);
  for (const entry of onPages) {
    assert.ok(
      found.includes(`${"#".repeat(entry.level)} ${entry.title}`),
      `${entry.title}\n${found.join("\n")}`,
    );
  }
  assert.ok(outline!.some((e) => e.level === 3), "the outline has a third level");
  // The contents page is a nested list, not headings.
  assert.ok(markdown.includes("- Examples\n  - Input Format and Creation"), markdown);
});

Deno.test("a Sphinx manual's bullets, set in TeX Gyre Termes, are list items, not a listing", async () => {
  const { markdown } = await convert("sphinx-magaox-packing", "1");
  assert.ok(markdown.includes("- Electronics rack removed from telescope and in clean room"), markdown);
  assert.ok(!markdown.includes("```"), markdown);
});

Deno.test("one-line paragraphs and items spaced apart do not teach the line step: a Sphinx manual's paragraphs stay apart", async () => {
  // Most of its lines are one-line items and paragraphs 1.8 lines apart, some reaching across the page;
  // the few wrapped lines show the true step.
  const { markdown } = await convert("sphinx-magaox-packing");
  assert.ok(
    markdown.includes("at LCO.\n\nEstimated Time to Complete: 2 hrs\n\nThis document can be downloaded"),
    markdown,
  );
});

Deno.test("a title block (title, author, date) above a LaTeX outline is text, and the outline's levels stand", async () => {
  const { markdown } = await convert("tracecollier", "1-3");
  const found = headings(markdown);
  assert.ok(found.includes("# Trace Collier"), found.join("\n"));
  assert.ok(found.includes("## Get the Latest Binary"), found.join("\n"));
  for (const line of ["Trace Collier Overview", "Norman Dunbar", "9th February 2017"]) {
    assert.ok(!found.some((h) => h.endsWith(line)), `${line} is not a heading:\n${found.join("\n")}`);
    assert.ok(markdown.includes(line), line);
  }
});

Deno.test("a title set flush right in the headings' own face, over a byline, heads them: the outline's levels go one down", async () => {
  // Sphinx sets the source's title (the outline leaves it out) over two rows, flush right, in the bold
  // sans of its numbered sections, with the affiliation and date flush right under it.
  const { markdown } = await convert("sphinx-magaox-packing");
  assert.deepEqual(
    headings(markdown),
    headings(await Deno.readTextFile(realSourceUrl("sphinx-magaox-packing"))),
  );
  assert.ok(markdown.startsWith("# Packing the MagAO-X Electronics at LCO\n"), markdown);
  for (
    const line of ["Extreme Wavefront Control Lab, The University of Arizona", "Feb 26, 2022", "Contents"]
  ) {
    assert.ok(markdown.includes(`\n\n${line}\n\n`), `${line} is text:\n${markdown}`);
  }
});

Deno.test("LaTeX listings with numbered lines, each painted on a strip of its own, come out as the source's code", async () => {
  const { markdown } = await convert("eisvogel-code-blocks");
  const fences = (md: string) => md.split(/^```.*$/m).filter((_, i) => i % 2 === 1).map((b) => b.trim());
  const source = fences(await Deno.readTextFile(realSourceUrl("eisvogel-code-blocks")));
  assert.ok(source.length >= 3);
  assert.deepEqual(fences(markdown), source);
});

Deno.test("a callout box's label (GitHub alerts through tcolorbox) opens its box, not a heading", async () => {
  const { markdown } = await convert("eisvogel-github-alerts");
  assert.deepEqual(
    headings(markdown),
    headings(await Deno.readTextFile(realSourceUrl("eisvogel-github-alerts"))),
  );
  assert.ok(
    markdown.includes(
      "> Note\n>\n> Useful information that users should know, even when skimming content.\n\n> Tip",
    ),
    markdown,
  );
  // A box holding a listing is one quote, the listing inside it.
  assert.ok(
    markdown.includes(
      "> Tip\n>\n> Lorem ipsum dolor sit amet, `consectetur adipiscing` elit.\n>\n> ```\n> if(args.length < 2) {\n",
    ),
    markdown,
  );
  assert.ok(!/^```/m.test(markdown), markdown);
});

Deno.test("boxes set on shaded panels (tcolorbox, no label of their own) keep their paragraphs and listing, unquoted", async () => {
  const { markdown } = await convert("eisvogel-boxes");
  assert.ok(!/^>/m.test(markdown), markdown);
  assert.ok(
    markdown.includes(
      "\n\nLorem ipsum dolor sit amet, `consectetur adipiscing` elit.\n\n```\nif(args.length < 2) {\n",
    ),
    markdown,
  );
  assert.ok(markdown.includes("\n\nInfo: This is a custom box"), markdown);
});

Deno.test("section numbers LaTeX adds to headings the outline names without them are dropped", async () => {
  const { markdown } = await convert("private-social", "13-20");
  const found = headings(markdown);
  assert.ok(found.includes("## Statistics:"), found.join("\n"));
  assert.ok(found.includes("## Repository structure"), found.join("\n"));
  assert.ok(!found.some((h) => /^#+ \d/.test(h)), found.join("\n"));
});

Deno.test("a LaTeX report's chapter labels and section numbers are not part of the headings its outline names", async () => {
  const { markdown } = await convert("private-social", "13-18");
  const found = headings(markdown);
  // The report class sets "Chapter 4" over the chapter's title and numbers its sections ("6.1"); the
  // outline, like the source, names them without.
  assert.deepEqual(found.slice(0, 5), [
    "# Task distribution",
    "## Statistics:",
    "# Project architecture",
    "# Project structures",
    "## Repository structure",
  ]);
  assert.ok(!found.some((h) => /chapter|\d\.\d/i.test(h)), found.join("\n"));
  assert.ok(/(^|\n)Chapter 4\n/.test(markdown), "the chapter's label stays in the text");
});

Deno.test("a heading that skips a level takes the level its style has where the outline nests it one short", async () => {
  const { markdown } = await convert("tracecollier");
  // "# Documentation" is followed by third-level headings, set as the other third levels are; the
  // outline can only nest them as its second level. The cover's title block is text (see above).
  const plain = (lines: string[]) => lines.map((h) => h.replace(/[_*`\\]/g, ""));
  assert.deepEqual(
    plain(headings(markdown)),
    plain(headings(await Deno.readTextFile(realSourceUrl("tracecollier")))),
  );
});

Deno.test("inline code on a box of its own (LaTeX's colorbox) stays in its sentence, however the line is stretched", async () => {
  const { markdown } = await convert("private-social", "18,21");
  assert.ok(
    markdown.includes("This response structure is also used in the `api` project to keep things consistent."),
    markdown,
  );
  assert.ok(
    markdown.includes("the application calls the `setup.Setup` function, which creates the application"),
    markdown,
  );
  assert.doesNotMatch(markdown, /```\n(api|setup\.Setup)\n```/);
});

Deno.test("a task list's boxes (LaTeX's square and boxtimes) come out as Markdown tasks at their depths", async () => {
  const { markdown } = await convert("private-social", "9");
  assert.ok(
    markdown.includes(
      "- [x] Enforce password requirements:\n  - [x] Minimum of 10 characters.\n  - [x] At least one symbol.\n",
    ),
    markdown,
  );
  assert.ok(
    markdown.includes("- [x] Posts:\n  - [ ] Likes:\n    - [ ] Private (only the creators"),
    markdown,
  );
});

Deno.test("a term's description hanging under its label stays one paragraph though a long word left the first line short", async () => {
  const { markdown } = await convert("typst-tabut", "18");
  assert.ok(
    markdown.includes(
      "`colDefs` These are the column definitions. An array of dictionaries, each representing column definition. Must include",
    ),
    markdown,
  );
});

Deno.test("a list item broken by a page turn runs on, its next page opening with inline code; URLs broken over lines are whole", async () => {
  const { markdown } = await convert("tracecollier", "3,5,6,9");
  assert.ok(
    markdown.includes("with a `dep=` value less than or equal to the supplied `--depth=n` will be reported."),
    markdown,
  );
  const url = "https://github.com/NormanDunbar/OracleTraceFilesExplained/releases";
  assert.ok(markdown.includes(`[${url}](${url})`), markdown);
  assert.ok(markdown.includes("[http://www.clipartpanda.com/categories/miner-clipart]("), markdown);
});

Deno.test("an item's further paragraphs stand under its text, and a list keeps its depths over a turn to a page of other margins", async () => {
  const { markdown } = await convert("private-social");
  // Facing pages: the next page's margin stands 36 points further right, its nested items with it.
  assert.ok(markdown.includes("    - [x] Profile picture.\n    - [ ] Profile banner.\n"), markdown);
  assert.ok(markdown.includes("\n  - [ ] Customize profile using CSS.\n"), markdown);
  assert.ok(
    markdown.includes(
      "  - package.json:\n\n    The package.json file is used to define the application’s dependencies",
    ),
    markdown,
  );
  assert.ok(markdown.includes("\n\n  - tailwind.config.cjs:\n\n    The tailwind.config.cjs file"), markdown);
  // Over a turn, set in from the next page's margin as far as the item's text: the item's, not a quote.
  assert.ok(markdown.includes("- Setup:\n\n  This folder contains the module responsible"), markdown);
});

Deno.test("a one-page document's running head and foot, split between the text's edges, are dropped though nothing repeats", async () => {
  const { markdown } = await convert("eisvogel-code-blocks");
  assert.ok(markdown.startsWith("# Vinaque sanguine metuenti cuiquam Alcyone fixus\n"), markdown);
  assert.ok(!markdown.includes("Author") && !markdown.includes("2017-02-20"), markdown);
  const boxes = await convert("eisvogel-boxes");
  assert.ok(boxes.markdown.startsWith("# Boxes with"), boxes.markdown);
  assert.ok(!boxes.markdown.includes("Author"), boxes.markdown);
});

Deno.test("glyphs a browser drew without a character (a script its fonts lack) are no text", async () => {
  // fd's README links its translations by their names in Chinese and Korean; the printing machine had no
  // font for them, so the PDF holds the missing glyph's box, which pdf.js reads as U+0000.
  const { markdown } = await convert("chromium-fd-readme", "1");
  assert.ok(!markdown.includes("\u0000"), JSON.stringify(markdown.slice(0, 200)));
  assert.ok(
    markdown.includes("\n\n`fd` is a program to find entries in your filesystem."),
    markdown.slice(0, 400),
  );
});

Deno.test("a two-column paper tagged by the kernel's book namespace: sections at the top level, a paragraph whole past its column's notes", async () => {
  const { markdown } = await convert("latex-tagged-tugboat", "1-3");
  const found = headings(markdown);
  // `section` is H2 and `subsection` H3 in that namespace; the paper has no chapter above them.
  assert.ok(found.includes("# General overview"), found.join("\n"));
  assert.ok(found.includes("## Current status and achievements"), found.join("\n"));
  assert.ok(!found.some((h) => h.startsWith("### ")), found.join("\n"));
  // The paragraph ending the left column of page 2 goes on at the top of the right one, past the notes.
  assert.match(
    markdown,
    /explains in detail both the project goals and the tasks that need to be undertaken/,
  );
});
