import assert from "node:assert/strict";
import { numbered } from "../../bench/pdf/_latex_numbering.ts";

const PAPER = String.raw`\documentclass{article}
\usepackage{cleveref}
\begin{document}
\section{Flow}\label{sec:flow}
\subsection{Walls}\label{sec:walls}
\begin{equation}\label{eq:a} a = b \end{equation}
\begin{figure}\caption{A plot}\label{fig:plot}\end{figure}
\begin{table}\caption{Numbers}\label{tab:n}\end{table}
\appendix
\section{Proofs}\label{app:proofs}
See \cref{sec:walls}, \Cref{eq:a}, \cref{fig:plot,tab:n}, \cref{sec:flow,sec:walls}, \autoref{fig:plot},
\autoref{eq:a}, \autoref{sec:flow}, \autoref{app:proofs}, \cref{thm:unknown} and \verb|\cref{fig:plot}|.
\end{document}
`;

Deno.test("cleveref's and hyperref's named references are written as they print, from the counted labels", () => {
  const text = numbered(PAPER, { chapters: false, chapterLabels: false }).text;
  const line = text.slice(text.indexOf("See "), text.indexOf("\\end{document}"));
  assert.equal(
    line.replace(/\s+/g, " ").trim(),
    "See section~1.1, Eq.~(1), fig.~1 and table~1, sections~1 and 1.1, Figure~1, Equation~1, section~1, " +
      "Appendix~A, \\cref{thm:unknown} and \\verb|\\cref{fig:plot}|.",
  );
});

Deno.test("cleveref's capitalise and noabbrev options name references as the package then prints them", () => {
  const source = PAPER.replace("\\usepackage{cleveref}", "\\usepackage[capitalise,noabbrev]{cleveref}");
  const text = numbered(source, { chapters: false, chapterLabels: false }).text;
  assert.match(text, /See Section~1\.1, Equation~\(1\), Figure~1 and Table~1, Sections~1 and 1\.1,/);
});

Deno.test("a label in a theorem-like environment takes no heading's number: its references stay as written", () => {
  const source = String.raw`\documentclass{article}
\newtheorem{fact}{Fact}
\begin{document}
\section{Flow}
\begin{lemma}[Walls, \cite{k}]
\label{lem:walls}
Text.
\end{lemma}
\begin{fact}\label{fact:one} Text. \end{fact}
See \cref{lem:walls}, \autoref{fact:one} and \ref{lem:walls}.
\end{document}
`;
  const { text, labels } = numbered(source, { chapters: false, chapterLabels: false });
  assert.ok(text.includes("See \\cref{lem:walls}, \\autoref{fact:one} and \\ref{lem:walls}."), text);
  assert.equal(labels.get("lem:walls"), undefined);
});

Deno.test("a reference inside a formula is written as its number, outside verbatim text", () => {
  const source = String.raw`\documentclass{article}
\begin{document}
\begin{equation}\label{eq:C} a = b \end{equation}
\begin{align*} x &= y && \text{by \eqref{eq:C}} \end{align*} \verb|\eqref{eq:C}|
\end{document}
`;
  const { text } = numbered(source, { chapters: false, chapterLabels: false });
  assert.ok(text.includes("\\text{by (1)}"), text);
  assert.ok(text.includes("\\verb|\\eqref{eq:C}|"), text);
});
