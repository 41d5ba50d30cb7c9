import assert from "node:assert/strict";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";
import { LATEX_MATH } from "../../bench/pdf/_latex_math.ts";
import { withPackageCommands } from "../../bench/pdf/_latex_document_commands.ts";

/** pandoc's GitHub Markdown for a LaTeX source through `LATEX_MATH`, as the real-world references are made. */
function withLatexMath(latex: string): Promise<string> {
  return throughPandocFilter(latex, "latex", LATEX_MATH);
}

Deno.test("LATEX_MATH writes a formula as the characters it prints, not as its TeX", async () => {
  const markdown = await withLatexMath(
    String.raw`for $\rho \neq \textrm{fn}(p)$ and $a_1,a_2$ we have
\begin{equation}\label{eq:one} \frac{d\Gamma}{dt} = 0 \end{equation}`,
  );
  assert.ok(markdown.includes("for ρ ≠ fn(p) and a1, a2 we have"), markdown);
  assert.ok(markdown.includes("dΓdt = 0"), markdown);
  assert.doesNotMatch(markdown, /\\rho|\\frac|\\label|eq:one/);
});

Deno.test("LATEX_MATH spaces a binary operator after an operand, as TeX does, and a sign not", async () => {
  const markdown = await withLatexMath(String.raw`so $-a + b \cdot (-c) = x - y$ holds`);
  assert.ok(markdown.includes("so −a + b ⋅ (−c) = x − y holds"), markdown);
});

Deno.test("LATEX_MATH writes an interjection between a display's rows as its text, before its row's number", async () => {
  const markdown = await withLatexMath(
    String
      .raw`\begin{align*} \text{(3.26) } A_2&=\phi,\\ \text{(3.27) } \intertext{and} A_3&=\omega. \end{align*}`,
  );
  assert.ok(markdown.includes("and"), markdown);
  assert.doesNotMatch(markdown, /intertext/, markdown);
  assert.ok(markdown.includes("and (3.27)"), markdown);
});

Deno.test("LATEX_MATH leaves out alignat's column count, which prints nothing", async () => {
  const markdown = await withLatexMath(
    String.raw`\begin{alignat}{2} x &= y &\quad& \text{by Axiom 1.} \end{alignat}`,
  );
  assert.doesNotMatch(markdown, /\{2\}|^2|begin/m, markdown);
  assert.ok(markdown.includes("x = y"), markdown);
});

Deno.test("LATEX_MATH sets two operator names apart and amsmath's two-word names and italic capitals print", async () => {
  const markdown = await withLatexMath(
    withPackageCommands(String.raw`$\liminf \projlim \varGamma \varinjlim$ and $\lim x$`),
  );
  assert.ok(markdown.includes("lim inf proj limΓlim and limx"), markdown);
});

Deno.test("LATEX_MATH sets a display's rows and cells a space apart, as the page prints them apart", async () => {
  const markdown = await withLatexMath(
    String.raw`\begin{align*} \text{(4) } a_1&=b_1+c_1\\ \text{(5) } a_2&=b_2 \end{align*}
and $\begin{pmatrix} a & b \\ c & d \end{pmatrix}$ or $P = \begin{cases} 0 & \text{if odd} \end{cases}$`,
  );
  assert.ok(markdown.includes("(4) a1 = b1 + c1 (5) a2 = b2"), markdown);
  assert.ok(markdown.includes("(a b c d)"), markdown);
  assert.ok(markdown.includes("{0 if odd"), markdown);
});

Deno.test("LATEX_MATH sets a script's signs close up, as TeX does, and the formula's own signs apart", async () => {
  const markdown = await withLatexMath(String.raw`so $P_{r-j} = \sum_{i=1}^{n+1} x_{i,j}^{k-1}$ holds`);
  assert.ok(markdown.includes("so Pr−j = ∑i=1n+1xi,jk−1 holds"), markdown);
});

Deno.test("LATEX_MATH parts words at a space the source sets from a thick one up, not at a thin one", async () => {
  const markdown = await withLatexMath(String.raw`so $f(x)\;g(x)\quad\text{for}\quad x\,dx$ holds`);
  assert.ok(markdown.includes("so f(x) g(x) for xdx holds"), markdown);
});

Deno.test("LATEX_MATH writes a radical's sign before its radicand, as the page prints it", async () => {
  const markdown = await withLatexMath(String.raw`so $r = \sqrt{a^2 + b^2} + \sqrt{-1}$ holds`);
  assert.ok(markdown.includes("so r = √a2 + b2 + √−1 holds"), markdown);
  // A root's index stands raised before the sign, where MathML lists it after the radicand.
  const root = await withLatexMath(String.raw`so $\sqrt[\beta]{k} + \sqrt[n]{x + \sqrt[3]{y}}$ holds`);
  assert.ok(root.includes("so β√k + n√x + 3√y holds"), root);
});
