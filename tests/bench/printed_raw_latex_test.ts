import assert from "node:assert/strict";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";
import { PRINTED } from "../../bench/pdf/make_real_corpus.ts";

Deno.test("PRINTED keeps a LaTeX environment standing as a paragraph of its own, which the page prints", async () => {
  const source =
    "Before it.\n\n\\begin{equation}\\label{eq:a}\n  p_{ij}(t) = \\frac{a}{b}\n\\end{equation}\n\nAfter.\n";
  const markdown = await throughPandocFilter(source, "markdown", PRINTED);
  // Read as LaTeX: a display formula (which the later filters write as it prints), no raw TeX left to drop.
  assert.match(markdown, /\$\$[^$]*frac\{a\}\{b\}\$\$/, markdown);
  assert.doesNotMatch(markdown, /begin\{equation\}/, markdown);
});
