import assert from "node:assert/strict";
import { bibliographyCommands, hasChapters, withGeneratedMatter } from "../../bench/pdf/_latex_generated.ts";
import { classTextCommands } from "../../bench/pdf/_latex_class_texts.ts";
import { LATEX_BLOCKS } from "../../bench/pdf/_latex_blocks.ts";
import { runCommand } from "../../bench/pdf/_run.ts";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/source.tex`, latex);
    const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm", "--wrap=none", `${dir}/source.tex`]);
    return new TextDecoder().decode(out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const ARTICLE = String.raw`\documentclass{article}
\title{On Gases\\ and Their Viscosity\thanks{Read in May.}}
\begin{document}
\maketitle
\begin{abstract}
Kinetic theory explains the laws of gases.
\end{abstract}
\tableofcontents
\listoffigures
\section{Introduction}
As Lamport shows \cite{lamport}, and others \cite[p.~3]{knuth,lamport}, text is set.
\begin{thebibliography}{9}
%\bibitem{old} A commented entry.
\bibitem{knuth} Donald E. Knuth, The TeXbook.
\bibitem{lamport} Leslie Lamport, LaTeX.
\end{thebibliography}
\printindex
\end{document}
`;

Deno.test("withGeneratedMatter writes the title, generated headings, abstract and labelled bibliography pandoc drops", async () => {
  const before = await pandoc(ARTICLE);
  assert(!before.includes("# On Gases"), "pandoc alone keeps the title as metadata");
  assert(!before.includes("# References"), "pandoc alone writes no bibliography heading");
  const markdown = await pandoc(withGeneratedMatter(ARTICLE, false));
  const headings = markdown.split("\n").filter((line) => line.startsWith("#"));
  assert.deepEqual(headings, [
    "# On Gases and Their Viscosity",
    "# Abstract",
    "# Contents",
    "# List of Figures",
    "# Introduction",
    "# References",
    "# Index",
  ]);
  assert.ok(markdown.includes("Kinetic theory explains the laws of gases."));
  assert.ok(markdown.includes("As Lamport shows \\[2\\], and others \\[1, 2, p.\u00a03\\], text is set."));
  assert.ok(markdown.includes("\\[1\\] Donald E. Knuth, The TeXbook."));
  assert.ok(markdown.includes("\\[2\\] Leslie Lamport, LaTeX."));
});

Deno.test("withGeneratedMatter sets generated headings at chapter level in a document with chapters", async () => {
  const book = String.raw`\documentclass{report}
\begin{document}
\tableofcontents
\chapter{Introduction}
\section{Scope}
\printbibliography[title={\refname}]
\end{document}
`;
  assert(hasChapters([book]));
  const headings = (await pandoc(withGeneratedMatter(book, true))).split("\n").filter((l) =>
    l.startsWith("#")
  );
  assert.deepEqual(headings, ["# Contents", "# Introduction", "## Scope", "# References"]);
});

Deno.test("hasChapters reads a chapter command, not a mention of one", () => {
  assert(!hasChapters([String.raw`\section{A}\n% \chapter{B}\nsee \verb|\chapter{x}|`]));
  assert(hasChapters(["\\section{A}", String.raw`  \chapter*{Preface}`]));
});

Deno.test("LATEX_BLOCKS writes a description item on one line and sets a display formula apart", async () => {
  const source = String.raw`\begin{description}\item[amsopn] Provides operator names.\end{description}
We have \[ a = b \] for all cases.`;
  const markdown = await throughPandocFilter(source, "latex", LATEX_BLOCKS);
  const [item, before, formula, after, ...rest] = markdown.trim().split(/\n+/);
  assert.deepEqual([item, before, after, rest], [
    "-   amsopn Provides operator names.",
    "We have",
    "for all cases.",
    [],
  ]);
  assert.match(formula!, /a.*=.*b/);
});

Deno.test("LATEX_BLOCKS writes code set close up to code as one span, and code a space parts as two", async () => {
  const source = String
    .raw`Use \texttt{\textbackslash sqrt}\texttt{[\textbackslash beta]\{k\}} or \texttt{a} \texttt{b}.`;
  assert.match(await throughPandocFilter(source, "latex", ""), /`\\sqrt``\[\\beta\]\{k\}`/);
  assert.equal(
    (await throughPandocFilter(source, "latex", LATEX_BLOCKS)).trim(),
    "Use `\\sqrt[\\beta]{k}` or `a` `b`.",
  );
});

Deno.test("withGeneratedMatter writes the heading BibTeX's list opens with, at the document's top level", async () => {
  const paper = String.raw`\documentclass{article}
\begin{document}
\section{Results}
As shown \cite{knuth}.
\bibliographystyle{plain}
\bibliography{refs,more}
\end{document}
`;
  const headings = (await pandoc(withGeneratedMatter(paper, false))).split("\n").filter((l) =>
    l.startsWith("#")
  );
  assert.deepEqual(headings, ["# Results", "# References"]);
});

Deno.test("withGeneratedMatter writes the title's notes as text, outside the footnotes' count", async () => {
  const markdown = await pandoc(
    withGeneratedMatter(ARTICLE.replace("text is set.", "text is set.\\footnote{A note.}"), false),
  );
  assert.ok(markdown.includes("# On Gases and Their Viscosity\n\nRead in May.\n"));
  // The text's first footnote is the first of the count, as LaTeX numbers it.
  assert.ok(markdown.includes("text is set.[^1]"));
  assert.ok(markdown.includes("[^1]: A note."));
  assert.ok(!markdown.includes("[^2]"));
});

Deno.test("withGeneratedMatter writes the authors and the date \\maketitle prints under the title", async () => {
  const source = String.raw`\documentclass{article}
\title{Tagged PDF\thanks{Presented in Tokyo.}}
\author{Frank Mittelbach\thanks{Mainz.}}
\author{Ulrike Fischer \and Chris Rowley}
\date{1999-12-13\\(revised 2020-02-18)}
\begin{document}
\maketitle
Text.
\end{document}
`;
  const before = await pandoc(source);
  assert.doesNotMatch(before, /Mittelbach|1999/);
  const markdown = await pandoc(withGeneratedMatter(source, false));
  assert.match(
    markdown,
    /^# Tagged PDF\n\nFrank Mittelbach, Ulrike Fischer, Chris Rowley\n\n1999-12-13 {2}\n\(revised 2020-02-18\)\n\nPresented in Tokyo\.\n\nMainz\.\n\nText\.\n$/,
  );
  const undated = await pandoc(withGeneratedMatter(source.replace(/\\date\{[^\n]*\n/, ""), false));
  assert.doesNotMatch(undated, /1999/);
});

Deno.test("withGeneratedMatter writes a footnote in an author's name as the title's note, once", async () => {
  const source = String.raw`\documentclass{article}
\title{Dummy title}
\author{Jane Open Access \and Joan R. Public\footnote{Corresponding author.}}
\newcommand{\later}{\footnote{A note of the text.}}
\begin{document}
\maketitle
Text.\later
\end{document}
`;
  assert.match(
    await pandoc(withGeneratedMatter(source, false)),
    /Public\n\nCorresponding author\.\n\nText\.\[\^1\]\n\n\[\^1\]: A note of the text\.\n$/,
  );
});

Deno.test("withGeneratedMatter writes the abstract's name, as the source renames it, as its heading", async () => {
  const renamed = ARTICLE.replace(
    "\\begin{document}",
    "\\renewcommand{\\abstractname}{Summary}\n\\begin{document}",
  );
  const markdown = await pandoc(withGeneratedMatter(renamed, false));
  assert.match(markdown, /\n# Summary\n\nKinetic theory explains the laws of gases\.\n/);
});

Deno.test("withGeneratedMatter writes the affiliations under the authors, each once, marks left out", async () => {
  const source = String.raw`\documentclass{article}
\title{Tagged PDF}
\author{Frank Mittelbach}
\institute{Mainz, Germany}
\address{Bonn}
\author{Ulrike Fischer\affil{1}}
\affiliation{LaTeX Project \\ Bonn}
\affil{1}
\affiliation{LaTeX Project \\ Bonn}
\begin{document}
\maketitle
Text.
\end{document}
`;
  const markdown = await pandoc(withGeneratedMatter(source, false));
  assert.match(
    markdown,
    /^# Tagged PDF\n\nFrank Mittelbach, Ulrike Fischer\n\nMainz, Germany\n\nLaTeX Project Bonn\n\nText\.\n$/,
  );
});

Deno.test("withGeneratedMatter writes a title block a class prints unasked before the abstract", async () => {
  const source = String.raw`\documentclass{aastex631}
\begin{document}
\title{Novae in X-rays}
\author[0000-0002-0786-7307]{Greg Schwarz}
\affiliation{American Astronomical Society}
\begin{abstract}
Novae are bright.
\end{abstract}
\section{Introduction}
Text.
\end{document}
`;
  const markdown = await pandoc(withGeneratedMatter(source, false));
  assert.match(
    markdown,
    /^# Novae in X-rays\n\nGreg Schwarz\n\nAmerican Astronomical Society\n\n# Abstract\n\nNovae are bright\.\n\n# Introduction\n/,
  );
});

Deno.test("withGeneratedMatter leaves an abstract shown in verbatim text as the code it prints", async () => {
  const shown = ARTICLE.replace("text is set.", "text is set with \\verb|\\begin{abstract}|.");
  const markdown = await pandoc(withGeneratedMatter(shown, false));
  assert.ok(markdown.includes("text is set with `\\begin{abstract}`."));
  assert.equal(markdown.match(/^# Abstract$/gm)?.length, 1);
});

Deno.test("withGeneratedMatter writes natbib's author-year citations as printed, and its list without labels", async () => {
  const paper = String.raw`\documentclass{article}
\usepackage{natbib}
\begin{document}
As shown \citep{lamport94}, software \citep[see][p.~3]{a13,a18,knuth} and \citet{a13,a18}; \citeauthor{knuth}.
\begin{thebibliography}{3}
\bibitem[{Astropy Collaboration et~al.(2013)Astropy Collaboration, Robitaille}]{a13} Astropy Collaboration, 2013, A\&A.
\bibitem[{Astropy Collaboration et~al.(2018)Astropy Collaboration, Price-Whelan}]{a18} Astropy Collaboration, 2018, AJ.
\bibitem[{Knuth(1984)}]{knuth} Knuth, D. E. 1984, The TeXbook.
\bibitem[{Lamport(1994)}]{lamport94} Lamport, L. 1994, LaTeX.
\end{thebibliography}
\end{document}
`;
  const markdown = await pandoc(withGeneratedMatter(paper, false));
  assert.ok(
    markdown.includes(
      "As shown (Lamport 1994), software (see Astropy Collaboration et al. 2013, 2018; Knuth 1984, p.\u00a03) and " +
        "Astropy Collaboration et al. (2013, 2018); Knuth.",
    ),
    markdown,
  );
  assert.match(markdown, /^- {1,3}Lamport, L\. 1994, LaTeX\.$/m);
  assert.doesNotMatch(markdown, /\(2013\)Astropy|\[Knuth/);
});

Deno.test("withGeneratedMatter writes keywords declared in the body where they print, after their label", async () => {
  const source = ARTICLE.replace("\\end{abstract}", "\\end{abstract}\n\\keywords{novae --- surveys}");
  const markdown = await pandoc(withGeneratedMatter(source, false));
  assert.match(markdown, /Kinetic theory explains the laws of gases\.\n\nKeywords: novae — surveys\n/);
  const declared = ARTICLE.replace("\\begin{document}", "\\keywords{preamble}\n\\begin{document}");
  assert.doesNotMatch(await pandoc(withGeneratedMatter(declared, false)), /Keywords/);
});

Deno.test("withGeneratedMatter writes the heading the AAS journals' acknowledgments command prints", async () => {
  const source = ARTICLE.replace(
    "\\end{document}",
    "Its name is {\\tt\\string\\acknowledgments}.\n\n\\acknowledgments\n\nWe thank the referee.\n\n\\end{document}",
  );
  const markdown = await pandoc(withGeneratedMatter(source, false));
  assert.match(markdown, /\n# Acknowledgments\n\nWe thank the referee\./);
  assert.equal(markdown.match(/# Acknowledgments/g)?.length, 1);
});

/** A BibTeX list as the AAS journals' style writes it: commands its entries call, declared before the first. */
const DECLARING_LIST = String.raw`\documentclass{article}
\begin{document}
Text.
\begin{thebibliography}{}
\expandafter\ifx\csname natexlab\endcsname\relax\def\natexlab#1{#1}\fi
\providecommand{\dodoi}[1]{doi:~\href{http://doi.org/#1}{\nolinkurl{#1}}}
\providecommand{\doarXiv}[1]{\href{https://arxiv.org/abs/#1}{\nolinkurl{https://arxiv.org/abs/#1}}}

\bibitem[{Bertin \& Arnouts(1996)}]{b96} Bertin, E., \& Arnouts, S. 1996, A\&AS, 117, 393, \dodoi{10.1051/aas:1996164}
\bibitem[{Ferland {et~al.}(2013)}]{f13} Ferland, G. J. 2013, RMxAA, 49, 137. \doarXiv{1302.4485}
\end{thebibliography}
\end{document}
`;

Deno.test("bibliographyCommands keeps the declarations a list makes before its first entry, bodies whole", () => {
  assert.equal(
    bibliographyCommands(
      DECLARING_LIST.slice(
        DECLARING_LIST.indexOf("\\begin{thebibliography}{}") + 25,
        DECLARING_LIST.indexOf("\\bibitem"),
      ),
    ),
    [
      String.raw`\providecommand{\dodoi}[1]{doi:~\href{http://doi.org/#1}{\nolinkurl{#1}}}`,
      String
        .raw`\providecommand{\doarXiv}[1]{\href{https://arxiv.org/abs/#1}{\nolinkurl{https://arxiv.org/abs/#1}}}`,
    ].join("\n"),
  );
});

Deno.test("a BibTeX list's entries print the DOIs and addresses its declared commands make", async () => {
  const markdown = await pandoc(withGeneratedMatter(DECLARING_LIST, false));
  assert.match(
    markdown,
    /Bertin, E\., & Arnouts, S\. 1996, A&AS, 117, 393, doi:\s\[`10\.1051\/aas:1996164`\]/,
    markdown,
  );
  assert.match(markdown, /RMxAA, 49, 137\. \[`https:\/\/arxiv\.org\/abs\/1302\.4485`\]/, markdown);
});

Deno.test("a bibliography's journal names print where the class's commands are read", async () => {
  const entry = String.raw`\begin{itemize}\item Corrales, L. 2015, \apj, 805, 23\end{itemize}`;
  assert.match(await pandoc(entry), /Corrales, L\. 2015, , 805, 23/);
  assert.match(
    await pandoc(
      `${
        classTextCommands(String.raw`\def\ref@jnl#1{{\jnl@style#1}}\newcommand\apj{\ref@jnl{ApJ}}`)
      }\n${entry}`,
    ),
    /Corrales, L\. 2015, ApJ, 805, 23/,
  );
});
