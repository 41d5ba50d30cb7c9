/**
 * The reference of a PDF Sphinx's LaTeX builder made holds what the page
 * prints before the source's body: the author and date lines and the
 * contents, numbered (`bench/pdf/_sphinx_front_matter.ts`).
 */
import assert from "node:assert/strict";
import {
  SPHINX_FRONT_MATTER,
  sphinxDate,
  sphinxLatexDocument,
} from "../../bench/pdf/_sphinx_front_matter.ts";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";

const CONF = `
project = 'An Instrument Handbook'
author = 'A Lab, A University'  # the project's authors

latex_documents = [
    # (startdocname, targetname, title, author, documentclass, toctree_only)
    ('handling/packing', 'packing.tex', 'Packing the Rack', author, 'howto', False),
    ("handling/install", "install.tex", "Installing It", 'Someone Else', 'howto', False),
]
`;

Deno.test("conf.py's LaTeX document for a source: its title and author, a variable's value where it names one", () => {
  assert.deepEqual(sphinxLatexDocument(CONF, "handling/packing"), {
    title: "Packing the Rack",
    author: "A Lab, A University",
  });
  assert.deepEqual(sphinxLatexDocument(CONF, "handling/install"), {
    title: "Installing It",
    author: "Someone Else",
  });
  assert.equal(sphinxLatexDocument(CONF, "handling/removal"), undefined);
  assert.deepEqual(
    sphinxLatexDocument(`${CONF}\ntoday = 'Spring 2022'\n`, "handling/packing")?.today,
    "Spring 2022",
  );
});

Deno.test("the build's day as Sphinx's default today_fmt writes it", () => {
  assert.equal(sphinxDate("2022-02-26"), "Feb 26, 2022");
  assert.equal(sphinxDate("2021-11-03"), "Nov 03, 2021");
});

const SOURCE = `Packing the Rack
================

Some words first.

Initial Conditions
------------------

Text.

Load the Box
------------

Lift It
~~~~~~~

More text.
`;

Deno.test("the author, date and numbered contents follow the title, before the body", async () => {
  const out = await throughPandocFilter(SOURCE, "rst", SPHINX_FRONT_MATTER, [
    "--metadata=sphinx-author:A Lab, A University",
    "--metadata=sphinx-date:Feb 26, 2022",
  ]);
  assert.equal(
    out.split("\n\n## Initial Conditions")[0],
    [
      "# Packing the Rack",
      "A Lab, A University",
      "Feb 26, 2022",
      "Contents",
      "-   1 Initial Conditions\n\n-   2 Load the Box\n\n    -   2.1 Lift It",
      "Some words first.",
    ].join("\n\n"),
  );
});

Deno.test("a source no conf.py lists is left as it is", async () => {
  const out = await throughPandocFilter(SOURCE, "rst", SPHINX_FRONT_MATTER);
  assert.ok(out.startsWith("# Packing the Rack\n\nSome words first.\n"));
});
