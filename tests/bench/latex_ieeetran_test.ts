import assert from "node:assert/strict";
import {
  ieeetranOptions,
  withAppendixLabels,
  withClassOptionTests,
  withRunInAbstract,
} from "../../bench/pdf/_latex_ieeetran.ts";
import { latexForPandoc } from "../../bench/pdf/_latex_source.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm-raw_html", "--wrap=none"], {
    stdin: latex,
  });
  return new TextDecoder().decode(out);
}

const COMPSOC = String.raw`\documentclass[10pt,journal,compsoc]{IEEEtran}
\ifCLASSOPTIONcompsoc
  \usepackage[nocompress]{cite}
\else
  \usepackage{cite}
\fi
%\ifCLASSOPTIONcaptionsoff
%  \usepackage[nomarkers]{endfloat}
%\fi
\begin{document}
\title{A Paper}
\author{Ann Author\IEEEcompsocitemizethanks{\IEEEcompsocthanksitem A. Author is with a university.
\IEEEcompsocthanksitem Her work was funded.}}
\IEEEtitleabstractindextext{%
\begin{abstract}
The abstract goes here.
\end{abstract}
\begin{IEEEkeywords}
Computer Society, journal.
\end{IEEEkeywords}}
\maketitle
Body text.
\appendices
\section{Proof of the First Equation}
One.
\section{}
Two.
\ifCLASSOPTIONcompsoc
  \section*{Acknowledgments}
\else
  \section*{Acknowledgment}
\fi
Thanks.
\ifCLASSOPTIONcaptionsoff
  \newpage
\fi
\end{document}
`;

Deno.test("IEEEtran's options are read from its documentclass line, and none for another class", () => {
  assert.deepEqual([...ieeetranOptions(COMPSOC)!], ["10pt", "journal", "compsoc"]);
  assert.equal(ieeetranOptions(String.raw`\documentclass[twocolumn]{article}`), undefined);
  assert.equal(
    ieeetranOptions(String.raw`%\documentclass{IEEEtran}` + "\n" + String.raw`\documentclass{article}`),
    undefined,
  );
});

Deno.test("a class option test keeps the branch the options take, commented tests untouched", () => {
  const out = withClassOptionTests(COMPSOC);
  assert.match(out, /\\usepackage\[nocompress\]\{cite\}/);
  assert.doesNotMatch(out, /\\usepackage\{cite\}/);
  assert.match(out, /\\section\*\{Acknowledgments\}/);
  assert.doesNotMatch(out, /\\section\*\{Acknowledgment\}/);
  assert.doesNotMatch(out, /\\newpage/);
  assert.match(out, /%\\ifCLASSOPTIONcaptionsoff/);
  // Another option set takes the other branches.
  const journal = withClassOptionTests(COMPSOC.replace("10pt,journal,compsoc", "journal"));
  assert.match(journal, /\\section\*\{Acknowledgment\}/);
  assert.doesNotMatch(journal, /Acknowledgments/);
});

Deno.test("a nested test of another kind stays inside its class option branch", () => {
  const text = String.raw`\documentclass[conference]{IEEEtran}
\ifCLASSOPTIONconference \iftrue A\else B\fi \else C\fi`;
  assert.equal(withClassOptionTests(text).split("\n")[1]!.trim(), String.raw`\iftrue A\else B\fi`);
});

Deno.test("a class option test nested in a taken branch is read as the options say too", () => {
  const text = String.raw`\documentclass[journal,compsoc]{IEEEtran}
\ifCLASSOPTIONjournal \ifCLASSOPTIONcompsoc A\else B\fi \else C\fi`;
  assert.equal(withClassOptionTests(text).split("\n")[1]!.trim(), "A");
});

Deno.test("an untitled appendix section is its label; a titled one keeps its title", () => {
  const out = withAppendixLabels(COMPSOC);
  assert.match(out, /\\section\{Proof of the First Equation\}/);
  assert.match(out, /\\section\*\{Appendix B\}/);
  assert.doesNotMatch(out, /\\section\{\}/);
  // The article class' own `\appendix` is another mechanism (`_latex_numbering.ts`).
  const article = String.raw`\documentclass{article}\appendices\section{}`;
  assert.equal(withAppendixLabels(article), article);
});

Deno.test("IEEEtran's abstract and index terms run in after their names, under the title", async () => {
  const read = withRunInAbstract(withClassOptionTests(COMPSOC));
  const markdown = await pandoc(latexForPandoc(COMPSOC));
  assert.ok(read.indexOf("\\maketitle") < read.indexOf("Abstract---The abstract goes here."));
  assert.doesNotMatch(read, /IEEEtitleabstractindextext/);
  assert.match(markdown, /^Abstract—The abstract goes here\.$/m);
  assert.match(markdown, /^Index Terms—Computer Society, journal\.$/m);
  assert.doesNotMatch(markdown, /^#+ Abstract/m);
  // The title, then the abstract: the order the page sets them in.
  assert.ok(markdown.indexOf("# A Paper") < markdown.indexOf("Abstract—"));
  // The authors' itemized notes are the title's notes.
  assert.match(markdown, /A\. Author is with a university\./);
  assert.match(markdown, /Her work was funded\./);
  assert.match(markdown, /^# Appendix B$/m);
});

Deno.test("glue set by hand prints a space, not its dimensions", async () => {
  const source = String.raw`\documentclass{article}
\begin{document}
3rd~ed.\hskip 1em plus 0.5em minus 0.4em\relax Harlow, England.
\end{document}`;
  const markdown = await pandoc(latexForPandoc(source));
  assert.match(markdown.trim(), /^3rd\sed\. Harlow, England\.$/u);
});
