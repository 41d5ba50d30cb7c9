import assert from "node:assert/strict";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";
import { printedNumbers, printedReferencesFilter } from "../../bench/pdf/_latex_aux.ts";
import { latexForPandoc } from "../../bench/pdf/_latex_source.ts";

const AUX = String.raw`\relax
\newlabel{sec:flow}{{1.4}{12}{Stratified flow}{section.1.4}{}}
\newlabel{eq:one}{{2.3}{14}{}{equation.2.3}{}}
`;

const BBL = String.raw`\refsection{0}
  \datalist[entry]{none/global//global/global/global}
    \entry{a}{article}{}{}
    \endentry
    \entry{b}{book}{}{}
    \endentry
    \entry{c}{book}{}{}
    \endentry
    \entry{d}{book}{}{}
    \endentry
  \enddatalist
\endrefsection
`;

/** pandoc's GitHub Markdown for `body` through the filter `printedNumbers` makes from the preamble and files. */
async function printed(preamble: string, body: string, files: { aux: string; bbl: string }): Promise<string> {
  const source = `${preamble}\n\\begin{document}\n${body}\n\\end{document}\n`;
  const filter = printedReferencesFilter(printedNumbers(source, files));
  return (await throughPandocFilter(source, "latex", filter)).trim();
}

Deno.test("a reference prints its label's number and a citation its entries' numbers, compressed", async () => {
  const markdown = await printed(
    String.raw`\usepackage[style=ext-numeric-comp,sorting=none]{biblatex}`,
    String.raw`See section \ref{sec:flow} and \eqref{eq:one}, as in \cite{d,a,b,c} and \cite{b,d}.`,
    { aux: AUX, bbl: BBL },
  );
  assert.equal(markdown, "See section 1.4 and (2.3), as in \\[1–4\\] and \\[2, 4\\].");
});

Deno.test("an author-year style prints no numbers; BibTeX's numbers come from the .aux", async () => {
  const authorYear = await printed(
    String.raw`\usepackage[style=authoryear]{biblatex}`,
    String.raw`As \cite{a}.`,
    {
      aux: "",
      bbl: BBL,
    },
  );
  assert.equal(authorYear, "As .");
  const bibtex = await printed("", String.raw`As \cite{x,y}.`, {
    aux: String.raw`\bibcite{x}{3}` + "\n" + String.raw`\bibcite{y}{1}` + "\n",
    bbl: "",
  });
  assert.equal(bibtex, "As \\[3, 1\\].");
});

Deno.test("a page reference prints the page the .aux gives its label, outside verbatim text", () => {
  const { pages } = printedNumbers("", { aux: AUX, bbl: "" });
  const source = latexForPandoc(
    String.raw`\begin{document}
See the note on page~\pageref{sec:flow} and \pageref{unknown}.
\begin{verbatim}
page~\pageref{sec:flow}
\end{verbatim}
\end{document}
`,
    { pages },
  );
  assert.match(source, /See the note on page~12 and \\pageref\{unknown\}\./);
  assert.match(source, /^page~\\pageref\{sec:flow\}$/m);
});
