import assert from "node:assert/strict";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";
import { FRONT_MATTER, frontMatterArguments, pandocCall } from "../../bench/pdf/_pandoc_front_matter.ts";

const SOURCE = `---
lang: en
---

Opening words.

# Setting up *the* [tools](https://example.com)[^1]

## Installing

### From source

#### Building by hand

# Preface {-}

# Hidden {.unlisted}

## Under the hidden one

# Appendix

### Tables

### Figures

[^1]: A note the contents leave out.
`;

/** The reference Markdown of `SOURCE` with pandoc given `options`, as the reference builder runs it. */
function reference(options: string[], source = SOURCE): Promise<string> {
  return throughPandocFilter(source, "markdown", FRONT_MATTER, frontMatterArguments(options));
}

Deno.test("FRONT_MATTER writes the contents --toc prints before the body: numbered entries nested by level, no pages", async () => {
  const markdown = await reference(["--toc", "--number-sections"]);
  assert.ok(
    markdown.startsWith(
      "Contents\n\n-   1 Setting up *the* tools\n\n    -   1.1 Installing\n\n        -   1.1.1 From source\n\n" +
        "-   Preface\n\n    -   2.1 Under the hidden one\n\n" +
        // Entries a level further down than the one above are its sublist's items, side by side.
        "-   3 Appendix\n\n    -   3.0.1 Tables\n\n    -   3.0.2 Figures\n\nOpening words.\n",
    ),
    markdown,
  );
  // The fourth level is below pandoc's default depth; the note and the link's target are not printed.
  assert.equal(markdown.match(/Building by hand/g)?.length, 1, markdown);
  assert.equal(markdown.match(/A note the contents leave out/g)?.length, 1, markdown);
});

Deno.test("FRONT_MATTER writes nothing where pandoc was given no contents", async () => {
  const markdown = await reference(["--number-sections", "-V", "titlepage"]);
  assert.ok(markdown.startsWith("Opening words.\n"), markdown);
});

Deno.test("FRONT_MATTER reads the metadata: toc, toc-title, toc-depth on LaTeX's scale, one deeper with chapters", async () => {
  const source = SOURCE.replace(
    "lang: en",
    "lang: en\ntoc: true\ntoc-title: Inhalt\ntoc-depth: 1",
  );
  assert.ok(
    (await reference([], source)).startsWith("Inhalt\n\n-   Setting up *the* tools\n\n-   Preface\n\n"),
  );
  const chapters = await reference(["--top-level-division=chapter"], source);
  assert.ok(
    chapters.startsWith("Inhalt\n\n-   Setting up *the* tools\n\n    -   Installing\n\n-   Preface"),
    chapters,
  );
});

Deno.test("pandocCall finds the options a build script gives pandoc for the source it reads, lines continued", () => {
  const script = [
    "#!/bin/sh",
    "# pandoc README.md --toc (a comment)",
    'pandoc --from markdown --to html -o "site/index.html" NOTES.md',
    "pandoc --from markdown \\",
    "--table-of-contents \\",
    '--toc-depth=2 --variable toccolor="Cool Grey" \\',
    "README.md",
  ].join("\n");
  assert.deepEqual(pandocCall(script, "README.md"), [
    "--from",
    "markdown",
    "--table-of-contents",
    "--toc-depth=2",
    "--variable",
    "toccolor=Cool Grey",
    "README.md",
  ]);
  assert.equal(pandocCall("pandoc CHANGES.md -o changes.pdf", "README.md"), undefined);
  assert.equal(pandocCall("pandoc README.typ -o README.md", "README.md"), undefined);
  assert.deepEqual(pandocCall('pandoc "document.md" -o x.pdf ^\r\n  -N\r\n', "document.md"), [
    "document.md",
    "-o",
    "x.pdf",
    "-N",
  ]);
});

Deno.test("frontMatterArguments keeps what decides the front matter, each with its value, the template by name", () => {
  assert.deepEqual(
    frontMatterArguments([
      "document.md",
      "-o",
      "x.pdf",
      "--toc",
      "-N",
      "-V",
      "toc-own-page",
      "--toc-depth",
      "2",
      "-H",
      "x",
      "--template",
      "../dist/eisvogel.latex",
    ]),
    ["--toc", "-N", "--variable=toc-own-page", "--toc-depth=2", "--variable=pandoc-template=eisvogel"],
  );
});

const TITLED = `---
title: "A *Report*"
subtitle: On the tools
author: [Ann Smith, Bob Jones]
date: 2017-02-20
---

# Setting up

Opening words.
`;

Deno.test("FRONT_MATTER writes the title block pandoc's own template prints: title, subtitle, authors, date", async () => {
  const markdown = await reference([], TITLED);
  assert.ok(
    markdown.startsWith("A Report\n\nOn the tools\n\nAnn Smith\n\nBob Jones\n\n2017-02-20\n\n# Setting up\n"),
    markdown,
  );
});

Deno.test("FRONT_MATTER writes Eisvogel's title block only for its title page, authors on one line, before the contents", async () => {
  const template = ["--template", "../../dist/eisvogel.latex"];
  assert.ok(
    (await reference([...template, "--toc"], TITLED)).startsWith("Contents\n\n-   Setting up\n\n# Setting"),
  );
  const markdown = await reference([...template, "-V", "titlepage", "--toc"], TITLED);
  assert.ok(
    markdown.startsWith(
      "A Report\n\nOn the tools\n\nAnn Smith, Bob Jones\n\n2017-02-20\n\nContents\n\n-   Setting up\n\n",
    ),
    markdown,
  );
  // A template whose title block is not known: none is written.
  assert.ok((await reference(["--template=mine.tex"], TITLED)).startsWith("# Setting up\n"));
});
