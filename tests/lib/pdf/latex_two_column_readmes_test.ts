/**
 * READMEs set in two columns by LaTeX's tagging code, from the
 * real-world corpus' tuning part (`bench/pdf/real/`, made by
 * `bench/pdf/make_real_corpus.ts`), converted with real pdf.js: the tables
 * LuaTeX marks as artifacts are read (`artifact_blocks.ts`), a table running
 * over the gutter keeps its rows apart from the right column's text
 * (`untagged_overruns.ts`), and a quote's lists are the quote's over a
 * column's turn (`quoted_lists.ts`, `column_edges.ts`); pdfTeX's trees,
 * whose ids count on over the pages, meet their text (`tree_id_shift.ts`); a
 * quote's listing opening the next page is the quote's (`quoted_listings.ts`);
 * a listing's row (or a paragraph's line) running up to another block's line
 * stays a line of its own; inline code on a row of its own stays in its
 * paragraph (`tagged_code_words.ts`); an alert printed as text holds its
 * paragraphs (`alert_quotes.ts`).
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

/** These tests check structure, not speed: a loaded machine must not cut a conversion short. */
const LIMITS = { timeBudgetMs: 300_000 };

/** Converts a document of the tuning part, some of its pages or all. */
async function convert(name: string, pages?: string): Promise<string> {
  const doc = REAL_DOCUMENTS.find((d) => d.name === name);
  assert.ok(doc && !doc.heldOut, `${name} is not a tuning document`);
  return (await convertPdf(await Deno.readFile(realPdfUrl(name)), { pages, limits: LIMITS })).markdown;
}

/** The Markdown's table rows, each as its trimmed cells joined by ` | `, separator rows left out. */
function tableRows(markdown: string): string[] {
  return markdown.split("\n").filter((l) => l.startsWith("|") && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) => l.slice(1, -1).split("|").map((c) => c.trim()).join(" | "));
}

Deno.test("a table LuaTeX's tagging marks as an artifact is read as a table", async () => {
  const rows = tableRows(await convert("lualatex-tagged-bat-2col", "5"));
  assert.deepEqual(rows, [
    "Style | Description",
    "`default` | Enables the recommended style components listed above.",
    "`full` | Enables all available components.",
    "`auto` | Same as `default`, unless the output is piped.",
    "`plain` | Disables all available components.",
  ]);
  // The artifacts of one baseline each (the page number, list bullets) stay furniture or labels.
  const benchmark = tableRows(await convert("lualatex-tagged-hyperfine-2col", "2"));
  assert.equal(benchmark[0], "Command | Mean \\[s\\] | Min \\[s\\] | Max \\[s\\] | Relative");
  assert.equal(benchmark.length, 4);
});

Deno.test("an untagged table running over the gutter keeps its rows apart from the right column's tagged text", async () => {
  const markdown = await convert("lualatex-tagged-bat-2col", "6");
  const rows = tableRows(markdown);
  assert.equal(rows.length, 9, markdown);
  assert.ok(
    rows.includes("`grid` | Vertical/horizontal lines to separate the side bar and header from the content."),
  );
  assert.ok(rows.includes("`header-filename` | Show filenames before the content."));
  // The right column's paragraph, whose lines the table's rows ran over, is whole.
  assert.ok(
    markdown.includes(
      "Should you find that a particular syntax is not available within `bat`, you can follow these " +
        "instructions to easily add new syntaxes to your current `bat` installation.",
    ),
    markdown,
  );
  // No cell stands outside the table (the components' names were listings of their own).
  for (const name of ["header-filesize", "grid", "snip"]) {
    assert.ok(!markdown.split("\n").includes(name), `${name} outside the table`);
  }
});

Deno.test("a quote going on over a column's turn keeps the lists set in with it, over a page's turn too", async () => {
  // LuaTeX's quote goes on over a column's turn; pdfTeX's last list opens the next page.
  for (const name of ["lualatex-tagged-bat-2col", "pdflatex-tagged-bat-2col"]) {
    const markdown = await convert(name);
    const quote = markdown.split("\n").reduce<string[][]>((quotes, line) => {
      if (!line.startsWith(">")) return [...quotes, []];
      quotes.at(-1)!.push(line);
      return quotes;
    }, [[]]).find((q) => q[0]?.includes("!IMPORTANT")) ?? [];
    assert.deepEqual(quote.filter((l) => l.startsWith("> - ")).length, 5, `${name}\n${quote.join("\n")}`);
    assert.ok(
      quote.some((l) => l.includes("The `--quit-if-one-screen` option will not be added when:")),
      name,
    );
  }
});

Deno.test("pdfTeX's tree, its ids counting on over the pages, tags the page's text: its table runs over no paragraph", async () => {
  // Page 6 read on its own (its shift found by its ids) and with the pages before it (counted on).
  for (const pages of ["6", "5-6"]) {
    const markdown = await convert("pdflatex-tagged-bat-2col", pages);
    const components = [
      "changes",
      "header",
      "header-filename",
      "header-filesize",
      "grid",
      "rule",
      "numbers",
      "snip",
    ];
    const rows = tableRows(markdown);
    assert.ok(rows.includes("Component | Description"), markdown);
    for (const name of components) assert.ok(rows.some((r) => r.startsWith(`\`${name}\` | `)), name);
    assert.ok(rows.includes("`header-filesize` | Show file sizes before the content."), markdown);
    assert.ok(
      markdown.includes(
        "Should you find that a particular syntax is not available within `bat`, you can follow these " +
          "instructions to easily add new syntaxes to your current `bat` installation.",
      ),
      markdown,
    );
  }
});

Deno.test("a quote's listing opening the next page, set in from its column as the quote is from its own, is the quote's", async () => {
  const markdown = await convert("pdflatex-tagged-bat-2col", "2-3");
  const at = markdown.indexOf("> abbr -e -- --help\n> abbr -e -- -h\n> ```");
  assert.ok(at > 0, markdown);
  assert.ok(markdown.slice(0, at).trimEnd().endsWith("> ```"), "the fence opens inside the quote");
  // The quote goes on after the listing.
  assert.ok(markdown.includes("> The `--` before the abbreviation name is required"), markdown);
});

Deno.test("a listing's row running over the gutter onto the right column's tagged line is no part of that line", async () => {
  const markdown = await convert("pdflatex-tagged-bat-2col", "7");
  assert.ok(markdown.includes("```\n--map-syntax='/etc/apache2/**/*.conf:Apache Conf'\n```"), markdown);
  assert.ok(markdown.includes("The `--quit-if-one-screen` option will not be added when:"), markdown);
});

Deno.test("a paragraph's line ending at the gutter is not joined to another paragraph's line beside it", async () => {
  const markdown = await convert("pdflatex-tagged-fd-2col", "3");
  assert.ok(
    markdown.includes(
      "An example of this is calculating the checksum of each individual file within a directory.\n\n```\n" +
        "fd -tf -x md5sum > file_checksums.txt\n```",
    ),
    markdown,
  );
  assert.ok(markdown.includes("\n\nWe can also use this to skip mounted directories:\n\n"), markdown);
});

Deno.test("inline code filling a row of its own, filed under its paragraph by the tree, stays in the sentence", async () => {
  const markdown = await convert("pdflatex-tagged-bat-2col", "8");
  assert.ok(markdown.includes("affects the `org.gnome.desktop.interface color-scheme` setting."), markdown);
  assert.ok(!markdown.includes("```\norg.gnome"), markdown);
});

Deno.test("an alert printed as text holds the quote paragraphs after it; other quotes stay one paragraph each", async () => {
  for (const name of ["lualatex-tagged-bat-2col", "pdflatex-tagged-bat-2col"]) {
    const markdown = await convert(name, "6");
    assert.match(
      markdown,
      /> \[!tip\] If you specify[^\n]*\n>\n> For example, if your config contains/,
      name,
    );
  }
  // Alerts labelled otherwise (Eisvogel's "Note", "Tip") stand one after another, each a quote of its own.
  const alerts = await convert("eisvogel-github-alerts");
  assert.ok(alerts.includes("even when skimming content.\n\n> Tip\n"), alerts);
});
