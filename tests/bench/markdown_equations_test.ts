import assert from "node:assert/strict";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";
import { withEquationNumbers } from "../../bench/pdf/_markdown_equations.ts";
import { PRINTED } from "../../bench/pdf/make_real_corpus.ts";

const SOURCE = [
  "Prose.",
  "",
  String.raw`\begin{equation}\label{eq:p}`,
  String.raw`  p = \frac{a}{b}`,
  String.raw`\end{equation}`,
  "",
  String.raw`\begin{equation*} q = 1 \end{equation*}`,
  "",
  "```latex",
  String.raw`\begin{equation} r = 2 \end{equation}`,
  "```",
  "",
  "Inline `" + String.raw`\begin{equation}` + "` code, and " +
  String.raw`\begin{align} s &= 3 \\ t &= 4 \notag \end{align} by \eqref{eq:p}.`,
  "",
].join("\n");

Deno.test("a Markdown source's raw LaTeX displays print their numbers, counted as LaTeX counts them", () => {
  const numbered = withEquationNumbers(SOURCE);
  assert.ok(
    numbered.includes(String.raw`p = \frac{a}{b}` + "\n" + String.raw`\text{ (1)}\end{equation}`),
    numbered,
  );
  // A starred display, a listing's and an inline code span's text take none; a `\notag` row neither.
  assert.ok(numbered.includes(String.raw`\begin{equation*} q = 1 \end{equation*}`), numbered);
  assert.ok(numbered.includes(String.raw`\begin{equation} r = 2 \end{equation}` + "\n```"), numbered);
  assert.ok(numbered.includes(String.raw`s &= 3 \text{ (2)}\\ t &= 4 \notag \end{align}`), numbered);
  // A reference to a display's label prints its number.
  assert.ok(numbered.includes("by (1)."), numbered);
  assert.equal(withEquationNumbers("No display here.\n"), "No display here.\n");
});

Deno.test("the number survives pandoc's reading of the raw display, as the page prints it", async () => {
  const markdown = await throughPandocFilter(withEquationNumbers(SOURCE), "markdown", PRINTED);
  assert.match(markdown, /\$\$[^$]*frac\{a\}\{b\}[^$]*\\text\{ \(1\)\}[^$]*\$\$/, markdown);
});
