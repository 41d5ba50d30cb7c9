import assert from "node:assert/strict";
import { hasChapterLabels, numbered, withReferences } from "../../bench/pdf/_latex_numbering.ts";
import { latexForPandoc, withInputs } from "../../bench/pdf/_latex_source.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm-raw_html", "--wrap=none"], {
    stdin: latex,
  });
  return new TextDecoder().decode(out);
}

const REPORT = String.raw`\documentclass{report}
\begin{document}
\tableofcontents
\listoffigures
\chapter*{Preface}
\chapter{Introduction}
\section[Short \(J\)]{A long title \eqref{eq:two}}\label{sec:one}
\begin{equation}\label{eq:one} a = b \end{equation}
% \begin{equation} commented out \end{equation}
\begin{align}
x &= y \notag\\
y &= z \label{eq:two}\\
z &= w
\end{align}
\begin{figure}
\begin{verbatim}
\caption{not a caption}
\end{verbatim}
\caption{Listing shown\label{fig:a}}
\end{figure}
See Section~\ref{sec:one}, figure \ref{fig:a} and \eqref{eq:two}.
\appendix
\chapter{Tables}
\section{More}\label{sec:more}
\begin{table}\caption[Short table]{Numbers}\label{tab:x}\end{table}
\end{document}
`;

Deno.test("numbered counts headings, equations by row, figures and tables as LaTeX numbers them", () => {
  const n = numbered(REPORT, { chapters: true, chapterLabels: true });
  assert.deepEqual(Object.fromEntries(n.labels), {
    "sec:one": "1.1",
    "eq:one": "1.1",
    "eq:two": "1.2",
    "fig:a": "1.1",
    "sec:more": "A.1",
    "tab:x": "A.1",
  });
  assert.deepEqual(n.contents, [
    { depth: 0, latex: "1 Introduction" },
    { depth: 1, latex: "1.1 Short \\(J\\)" },
    { depth: 0, latex: "A Tables" },
    { depth: 1, latex: "A.1 More" },
  ]);
  assert.deepEqual(n.figures, [{ depth: 0, latex: "1.1 Listing shown" }]);
  assert.deepEqual(n.tables, [{ depth: 0, latex: "A.1 Short table" }]);
  assert.match(n.text, /Chapter 1\n\n\\chapter\{Introduction\}/);
  assert.match(n.text, /Appendix A\n\n\\chapter\{Tables\}/);
  assert.match(n.text, /\n\nFigure 1\.1: Listing shown\\label\{fig:a\}\n\n/);
  assert.match(n.text, /\\caption\{not a caption\}/);
  assert.equal(
    withReferences(String.raw`\ref{sec:one} \eqref{eq:two} \ref{nope}`, n.labels),
    "1.1 (1.2) \\ref{nope}",
  );
});

Deno.test("an article numbers sections from 1, equations and figures through the document", () => {
  const article = String.raw`\documentclass{article}
\begin{document}
\section{One}\begin{equation}\label{e}x\end{equation}
\begin{figure}\begin{subfigure}{1in}\subcaption{\label{s}}\end{subfigure}\caption{F}\end{figure}
\section{Two}\label{two}
\end{document}`;
  const n = numbered(article, { chapters: false, chapterLabels: false, labels: new Map([["two", "II"]]) });
  assert.deepEqual(Object.fromEntries(n.labels), { e: "1", s: "1a", two: "II" });
  assert.doesNotMatch(n.text, /Chapter/);
});

Deno.test("the AAS journals' deluxetables are tables: their captions numbered, a number given by hand kept", () => {
  const article = String.raw`\documentclass{aastex63}
\begin{document}
\section{One}
\begin{deluxetable*}{cchlDlc}
\tablenum{1}
\tablecaption{Fun facts\label{tab:messier}}
\startdata
M1 & 2 \\
\enddata
\end{deluxetable*}
\begin{splitdeluxetable*}{lccBcc}
\tablenum{5}
\tablecaption{Two breaks \label{tab:split}}
\end{splitdeluxetable*}
\begin{deluxetable*}{ll}
\tablecaption{Novae\label{tab:novae}}
\end{deluxetable*}
Table \ref{tab:messier}, \ref{tab:split} and \ref{tab:novae}.
\end{document}`;
  const n = numbered(article, { chapters: false, chapterLabels: false });
  assert.deepEqual(Object.fromEntries(n.labels), { "tab:messier": "1", "tab:split": "5", "tab:novae": "1" });
  assert.match(n.text, /Table 1: Fun facts/);
  assert.match(n.text, /Table 1, 5 and 1\./);
});

Deno.test("hasChapterLabels knows the report-like classes and classes built on them", () => {
  assert.ok(hasChapterLabels("\\documentclass[12pt]{book}"));
  assert.ok(hasChapterLabels("\\documentclass{mitthesis}", "\\LoadClass[12pt,openright]{report}"));
  assert.ok(!hasChapterLabels("\\documentclass{amsldoc}"));
});

Deno.test("latexForPandoc writes chapter labels, numbered captions and counted contents pandoc leaves out", async () => {
  const parts = new Map([[
    "chapter1",
    String.raw`\chapter{Introduction}
\begin{figure}\begin{verbatim}
code
\end{verbatim}\caption{A listing}\end{figure}`,
  ]]);
  const source = withInputs(
    "\\documentclass{report}\n\\begin{document}\n\\tableofcontents\n\\include{chapter1}\n\\end{document}",
    parts,
  );
  const bare = await pandoc(source);
  assert.doesNotMatch(bare, /Chapter 1|A listing/);
  const markdown = await pandoc(latexForPandoc(source, { chapters: true, chapterLabels: true }));
  assert.match(markdown, /# Contents\n\n- {3}1 Introduction\n\nChapter 1\n\n# Introduction\n/);
  assert.match(markdown, /\nFigure 1\.1: A listing\n/);
});

Deno.test("numbered writes each numbered display row's number where it prints: at its end, or its start with leqno", () => {
  const body = String.raw`\begin{document}
\chapter{One}
\begin{align}
a &= b \notag\\
c &= d \\
e &= f \tag{$*$}
\end{align}
\begin{table}\renewcommand{\theequation}{\arabic{equation}}
\begin{equation}x\end{equation}
\end{table}
\begin{alignat}{2}
g &= h
\end{alignat}
\end{document}`;
  const right = numbered(`\\documentclass{report}\n${body}`, { chapters: true, chapterLabels: false }).text;
  assert.match(right, /a &= b \\notag\\\\\nc &= d \\text\{ \(1\.1\)\}\\\\\ne &= f \\tag\{\$\*\$\}\n/);
  assert.match(right, /\\begin\{equation\}x\\text\{ \(2\)\}\\end\{equation\}/);
  assert.match(right, /\\begin\{alignat\}\{2\}\ng &= h\n\\text\{ \(1\.3\)\}\\end\{alignat\}/);
  const left =
    numbered(`\\documentclass[leqno]{report}\n${body}`, { chapters: true, chapterLabels: false }).text;
  assert.match(left, /\\\\\\text\{\(1\.1\) \}\nc &= d \\\\/);
  assert.match(left, /\\begin\{alignat\}\{2\}\\text\{\(1\.3\) \}\ng &= h/);
});
