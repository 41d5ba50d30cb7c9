import assert from "node:assert/strict";
import {
  engineOf,
  printsUrlsInText,
  withBookmarkHeadings,
  withDocumentCommands,
  withEngineTests,
  withPackageCommands,
  withPackageTests,
} from "../../bench/pdf/_latex_document_commands.ts";
import { latexForPandoc } from "../../bench/pdf/_latex_source.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm-raw_html", "--wrap=none"], {
    stdin: latex,
  });
  return new TextDecoder().decode(out);
}

const COMMITTEE = String.raw`\documentclass{report}
\usepackage{microtype}
\begin{document}
\NewDocumentCommand\CommitteePageTitle{m}{
	\vspace*{75pt}%
	\IfPackageLoadedTF{microtype}
		{\textls*{\Large\textbf{\MakeUppercase{#1}}}}
		{{\Large\textbf{\MakeUppercase{#1}}}}%
	\pdfbookmark[0]{#1}{Committee}%
	\vspace*{10pt}%
}
\NewDocumentCommand\Role{O{Reader} m}{\textsc{#1: #2}}
\CommitteePageTitle{Thesis committee}

\Role{Marcus Apicius}

\Role[Supervisor]{Julia Child}

\chapter*{Acknowledgments}
\pdfbookmark[0]{Acknowledgments}{ack}
Thanks.
\end{document}
`;

Deno.test("latexForPandoc expands the document's own xparse commands and makes a bookmarked title a heading", async () => {
  const bare = await pandoc(COMMITTEE);
  assert.doesNotMatch(bare, /COMMITTEE|Apicius/);
  const markdown = await pandoc(latexForPandoc(COMMITTEE, { chapters: true }));
  assert.match(markdown, /^# THESIS COMMITTEE\n/m);
  assert.match(markdown, /READER: MARCUS APICIUS/);
  assert.match(markdown, /SUPERVISOR: JULIA CHILD/);
  assert.equal(markdown.match(/^# Acknowledgments$/gm)?.length, 1);
});

Deno.test("xparse calls take their optional and mandatory arguments; package tests follow the source's packages", () => {
  assert.equal(
    withDocumentCommands("\\NewDocumentCommand{\\pair}{s O{x} m}{(#1#2,#3)}\\pair{a} \\pair*[b]{c}"),
    "(x,a) (*b,c)",
  );
  assert.equal(withPackageTests("\\usepackage{a,b}\\IfPackageLoadedTF{b}{yes}{no}"), "\\usepackage{a,b}yes");
  assert.equal(withPackageTests("\\IfPackageLoadedTF{b}{yes}{no}"), "no");
});

Deno.test("engine tests take the printing engine's branch, outside verbatim text", () => {
  const text = "$\\ifpdftex\\bm{A}\\else\\symbfup{A}\\fi$ \\verb|\\ifpdftex x\\fi|";
  assert.equal(withEngineTests(text, "luatex"), "$\\symbfup{A}$ \\verb|\\ifpdftex x\\fi|");
  assert.equal(withEngineTests(text, "pdftex"), "$\\bm{A}$ \\verb|\\ifpdftex x\\fi|");
  assert.equal(engineOf("LuaHBTeX 1.18 with the LaTeX tagging code"), "luatex");
  assert.equal(engineOf("pdfTeX 1.40.26"), "pdftex");
  assert.equal(
    withPackageCommands(
      "\\vspace*{2pt}$\\symbfit{J}$\\textls[90]{X}\\begin{verbatim}\\hspace{1pt}\\end{verbatim}",
    ),
    "$\\boldsymbol{J}${X}\\begin{verbatim}\\hspace{1pt}\\end{verbatim}",
  );
});

Deno.test("math texmath stops at is written as it prints: dots across columns, kerns, a row's space, boxes", () => {
  assert.equal(
    withPackageCommands(
      "$x\\mkern2mu y \\hdotsfor[1.5]{3}\\\\[4\\jot] \\smash[b]{z} \\rotatebox{90}{w}$ \\raisebox{1ex}[0cm][0cm]{Bi}",
    ),
    "$x y \\cdots \\\\ {z} {w}$ {Bi}",
  );
  assert.equal(withPackageCommands("$a & \\smash{\\rotatebox{15}{$\\ddots$}} & b$"), "$a & {{\\ddots}} & b$");
});

Deno.test("a bookmark no group before it prints is left out", () => {
  assert.equal(withBookmarkHeadings("{Other}\\pdfbookmark[1]{Title}{t} text", false), "{Other} text");
  assert.equal(
    withBookmarkHeadings("{\\large Title}\\pdfbookmark[2]{Title}{t}", false),
    "\n\n\\subsection*{ Title}\n\n",
  );
});

Deno.test("the doi package's \\doi prints its prefix and the identifier, outside verbatim text", () => {
  assert.equal(
    withPackageCommands("Holman (1876): \\doi{10.2307/25138434}. \\verb|\\doi{x}|"),
    "Holman (1876): doi:\\nolinkurl{10.2307/25138434}. \\verb|\\doi{x}|",
  );
  // Where URLs print in the text's font, the identifier is text.
  assert.equal(
    withPackageCommands("\\doi{10.1016/S0065_2156}", { urlsInText: true }),
    "doi:10.1016/S0065\\_2156",
  );
  assert.ok(printsUrlsInText("", "\\urlstyle{same} % the text's font"));
  assert.ok(!printsUrlsInText("\\urlstyle{tt}"));
});

Deno.test("amsmath's continued fractions, root placement, shoved rows, dotted integrals and limit variants", () => {
  assert.equal(
    withPackageCommands(
      "$\\cfrac[l]{1}{2} \\sqrt[\\leftroot{-2}\\uproot{2}\\beta]{k} \\shoveright{C} \\idotsint \\varliminf_n$",
    ),
    "$\\frac{1}{2} \\sqrt[\\beta]{k} {C} \\int\\cdots\\int \\lim_n$",
  );
});
