import assert from "node:assert/strict";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";
import { CONTENTS, contentsArguments, pandocCall } from "../../bench/pdf/_pandoc_contents.ts";

const SOURCE = `---
title: A Report
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
  return throughPandocFilter(source, "markdown", CONTENTS, contentsArguments(options));
}

Deno.test("CONTENTS writes the contents --toc prints before the body: numbered entries nested by level, no pages", async () => {
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

Deno.test("CONTENTS writes nothing where pandoc was given no contents", async () => {
  const markdown = await reference(["--number-sections", "-V", "titlepage"]);
  assert.ok(markdown.startsWith("Opening words.\n"), markdown);
});

Deno.test("CONTENTS reads the metadata: toc, toc-title, toc-depth on LaTeX's scale, one deeper with chapters", async () => {
  const source = SOURCE.replace(
    "title: A Report",
    "title: A Report\ntoc: true\ntoc-title: Inhalt\ntoc-depth: 1",
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

Deno.test("pandocCall finds the options a build script gives pandoc for the source, lines continued", () => {
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
  assert.deepEqual(pandocCall('pandoc "document.md" -o x.pdf ^\r\n  -N\r\n', "document.md"), [
    "document.md",
    "-o",
    "x.pdf",
    "-N",
  ]);
});

Deno.test("contentsArguments keeps what decides the contents, each with its value", () => {
  assert.deepEqual(
    contentsArguments([
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
    ]),
    ["--toc", "-N", "--variable=toc-own-page", "--toc-depth=2"],
  );
});
