import assert from "node:assert/strict";
import {
  committedLists,
  contentsLines,
  indexLines,
  nestedItemize,
  withCharCodes,
} from "../../bench/pdf/_latex_lists.ts";
import { withGeneratedMatter } from "../../bench/pdf/_latex_generated.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm-raw_html", "--wrap=none"], {
    stdin: latex,
  });
  return new TextDecoder().decode(out);
}

const TOC = String
  .raw`\contentsline {chapter}{Contents\markboth {\MakeUppercase []{Contents}}{\MakeUppercase []{Contents}}}{ii}{chapter*.1}%
\contentsline {chapter}{\numberline {1}Introduction}{1}{chapter.1}%
\contentsline {section}{\numberline {1.1}Single \textsf {equations}}{6}{section.1.1}%
\contentsline {subsection}{\numberline {1.1.1}Numbering hierarchy}{7}{subsection.1.1.1}%
\contentsline {chapter}{\numberline {2}Operator names}{9}{chapter.2}%
`;

const IND = String.raw`\begin{theindex}

  \item \texttt  {\&}, \hyperpage{35}
  \item {\ttfamily \char '174}, \hyperpage{21}

  \indexspace

  \item align environment, \hyperpage{5, 6},
		\hyperpage{8--10}
    \subitem numbering in, \hyperpage{12}
  \item amsart class, \hyperpage{1}
  \item dots, \hyperxindexformat{\see{ellipsis dots}}{15}
  \item limits, \seealso{subscripts}{3}
  \item sums, \hyperindexformat{\textbf}{4}

\end{theindex}
`;

Deno.test("contentsLines writes each entry as printed, number and title without its page, down to tocdepth", () => {
  assert.deepEqual(contentsLines(TOC, 1), [
    { depth: 0, latex: "Contents" },
    { depth: 0, latex: "1 Introduction" },
    { depth: 1, latex: "1.1 Single \\textsf {equations}" },
    { depth: 0, latex: "2 Operator names" },
  ]);
  assert.equal(contentsLines(TOC, 2).length, 5);
});

Deno.test("indexLines writes an index's items at their depth with the pages they print", () => {
  assert.deepEqual(indexLines(IND), [
    { depth: 0, latex: "\\texttt {\\&}, 35" },
    { depth: 0, latex: "{\\ttfamily |}, 21" },
    { depth: 0, latex: "align environment, 5, 6, 8–10" },
    { depth: 1, latex: "numbering in, 12" },
    { depth: 0, latex: "amsart class, 1" },
    { depth: 0, latex: "dots, \\emph{see} ellipsis dots" },
    { depth: 0, latex: "limits, \\emph{see also} subscripts" },
    { depth: 0, latex: "sums, \\textbf{4}" },
  ]);
  assert.equal(withCharCodes(String.raw`\char"7C \char92`), "| \\char92");
});

Deno.test("nestedItemize sets deeper lines in a list inside the item above", () => {
  assert.equal(
    nestedItemize([{ depth: 0, latex: "a" }, { depth: 1, latex: "b" }, { depth: 0, latex: "c" }]),
    "\\begin{itemize}\n\\item a\n\\begin{itemize}\n\\item b\n\\end{itemize}\n\\item c\n\\end{itemize}",
  );
});

Deno.test("nestedItemize sets lines under a skipped level side by side in one list inside the item above", () => {
  const lines = [{ depth: 0, latex: "a" }, { depth: 2, latex: "b" }, { depth: 2, latex: "c" }, {
    depth: 0,
    latex: "d",
  }];
  assert.equal(
    nestedItemize(lines),
    "\\begin{itemize}\n\\item a\n\\begin{itemize}\n\\item b\n\\item c\n\\end{itemize}\n\\item d\n\\end{itemize}",
  );
});

Deno.test("withGeneratedMatter writes the committed contents and index under their headings", async () => {
  const source = String.raw`\documentclass{book}
\setcounter{tocdepth}{1}
\begin{document}
\tableofcontents
\chapter{Introduction}
Text.
\printindex
\end{document}
`;
  const bare = await pandoc(withGeneratedMatter(source, true));
  assert.doesNotMatch(bare, /1\.1 Single/);
  const lists = committedLists(source, { toc: TOC, lof: "", lot: "", ind: IND }, true);
  const markdown = await pandoc(withGeneratedMatter(source, true, lists));
  assert.match(
    markdown,
    /# Contents\n\n- {3}Contents\n\n- {3}1 Introduction\n\n {4}- {3}1\.1 Single equations\n/,
  );
  assert.doesNotMatch(markdown, /Numbering hierarchy/);
  assert.match(markdown, /# Index\n\n- {3}`&`, 35\n/);
  assert.match(markdown, /- {3}align environment, 5, 6, 8–10\n\n {4}- {3}numbering in, 12/);
});
