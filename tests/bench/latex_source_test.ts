import assert from "node:assert/strict";
import { runCommand } from "../../bench/pdf/_run.ts";
import { withoutInternalCode, withUnclosedOpeningsAsText } from "../../bench/pdf/_latex_source.ts";
import {
  withBoxSizesRead,
  withLigaturesAsLetters,
  withLineBreaksAsSpaces,
  withLiteralArguments,
  withLowercaseRead,
  withParagraphEndsRead,
  withStringsSpelled,
} from "../../bench/pdf/_latex_printed_text.ts";

Deno.test("internal code is left out, but a listing that prints a patch in internal syntax keeps it", () => {
  const source = [
    "\\makeatletter\\def\\x@y{z}\\makeatother",
    "\\begin{document}",
    "\\begin{verbatim}",
    "\\makeatletter",
    "\\renewcommand{\\maketag@@@}[1]{\\hbox{#1}}%",
    "\\makeatother",
    "\\end{verbatim}",
    "\\end{document}",
  ].join("\n");
  assert.equal(
    withoutInternalCode(source),
    source.replace("\\makeatletter\\def\\x@y{z}\\makeatother", ""),
  );
});

Deno.test("internal code keeps a user-level command made another, which the text prints with", () => {
  const source =
    "\\makeatletter\n\\def\\x@y{z}\n\\let\\indexpackagefont\\textsf\n\\let\\a@b\\c\n\\makeatother\n" +
    "\\begin{document}\\indexpackagefont{accents} package\\end{document}";
  assert.equal(
    withoutInternalCode(source),
    "\\let\\indexpackagefont\\textsf\n\\begin{document}\\indexpackagefont{accents} package\\end{document}",
  );
});

Deno.test("an environment opened in a group that does not close it is the text it prints", () => {
  const body = "\\begin{error}{\\begin{split} won't work here.}\nExample.\n\\end{error}\n" +
    "\\textbf{\\begin{center}kept\\end{center}}\n\\begin{verbatim}\n{\\begin{split} as typed}\n\\end{verbatim}\n";
  const source = `\\documentclass{amsldoc}\n\\begin{document}\n${body}\\end{document}\n`;
  assert.equal(
    withUnclosedOpeningsAsText(source),
    source.replace("{\\begin{split} won't", "{\\textbackslash{}begin\\{split\\} won't"),
  );
});

Deno.test("\\string is written as what it prints, outside verbatim text", () => {
  const source =
    String.raw`{\tt\string\begin\{table\}} and \string\genfrac \string{{\itshape a}\string} \string[x]` +
    "\n" + String.raw`\begin{verbatim}
\string\index
\end{verbatim} \verb|\string\x|`;
  assert.equal(
    withStringsSpelled(source),
    String.raw`{\tt\textbackslash{}begin\{table\}} and \textbackslash{}genfrac \{{\itshape a}\} {}[x]` +
      "\n" +
      String.raw`\begin{verbatim}
\string\index
\end{verbatim} \verb|\string\x|`,
  );
});

Deno.test("a ligature character the source types is written as its letters", () => {
  assert.equal(withLigaturesAsLetters("the workﬂow's ﬁrst eﬀect, ﬃ"), "the workflow's first effect, ffi");
});

Deno.test("a line break inside a paragraph parts its words, outside verbatim text", async () => {
  const source = String
    .raw`to the\break complex, a\linebreak[3]b, c\newline d \verb|x\break y| at/\newline b/c`;
  const read = async (latex: string) =>
    new TextDecoder().decode(await runCommand("pandoc", ["-f", "latex", "-t", "plain"], { stdin: latex }))
      .trim();
  assert.match(await read(source), /thecomplex/);
  assert.equal(await read(withLineBreaksAsSpaces(source)), "to the complex, a b, c d x\\break y at/b/c");
});

Deno.test("\\noindent prints nothing and a break before a blank line ends its paragraph, outside verbatim", async () => {
  const source = String.raw`To invoke it use \\

\noindent {\tt\textbackslash{}documentclass[twocolumn]\{aastex63\}}. \\[2pt]

\noindent This option is ignored. \verb|\noindent x\\|`;
  const read = async (latex: string) =>
    new TextDecoder().decode(await runCommand("pandoc", ["-f", "latex", "-t", "plain"], { stdin: latex }))
      .trim();
  assert.doesNotMatch(await read(source), /documentclass/);
  assert.equal(
    await read(withParagraphEndsRead(source)),
    "To invoke it use\n\n\\documentclass[twocolumn]{aastex63}.\n\nThis option is ignored. \\noindent x\\\\",
  );
});

Deno.test("a box's size and a small rule print nothing, outside verbatim", async () => {
  const source = String.raw`\newenvironment{erroro}[1]{\par\noindent\hangindent\parindent
  \hbox to\parindent{\rule{2pt}{7pt}\hfil}\ignorespaces
  #1\par}{\par}
\begin{document}
A \hbox to 3em{b} c \hbox spread -2.5pt{d} e \hbox{f} \verb|\hbox to\x{}|.

\rule{\linewidth}{0.4pt}

\begin{erroro}{Section numbers}
Text.
\end{erroro}
\end{document}`;
  const read = async (latex: string) =>
    new TextDecoder().decode(await runCommand("pandoc", ["-f", "latex", "-t", "plain"], { stdin: latex }))
      .trim();
  assert.match(await read(source), /to Section numbers/);
  // The rule as wide as the line stays a thematic break; the error's mark, a small rule, prints no text.
  assert.equal(
    await read(withBoxSizesRead(source)),
    `A b c d e f \\hbox to\\x{}.\n\n${"-".repeat(72)}\n\nSection numbers\n\nText.`,
  );
});

Deno.test("TeX's \\lowercase trick is written as what it prints, outside verbatim", async () => {
  const source = String.raw`\begingroup
\lccode` + "`M=`M\n\\lccode`@=`\\}\n" + String.raw`\lowercase{\endgroup
\section{Missing @ Inserted}}
Text. \verb|\lowercase{\endgroup X}|`;
  const read = async (latex: string) =>
    new TextDecoder().decode(await runCommand("pandoc", ["-f", "latex", "-t", "plain"], { stdin: latex }))
      .trim();
  assert.doesNotMatch(await read(source).catch(() => ""), /Missing/);
  assert.equal(
    await read(withLowercaseRead(source)),
    "Missing } inserted\n\nText. \\lowercase{\\endgroup X}",
  );
});

Deno.test("an environment's argument its class prints as typed keeps its backslashes, outside verbatim", async () => {
  const source = String.raw`\begin{error}{Missing \right. inserted}
Text \right.
\end{error}
\begin{error}{Old form \pmatrix should be \begin{pmatrix}.}\end{error}
\begin{verbatim}
\begin{error}{\x}
\end{verbatim}`;
  const read = async (latex: string) =>
    new TextDecoder().decode(await runCommand("pandoc", ["-f", "latex", "-t", "plain"], { stdin: latex }))
      .trim();
  assert.doesNotMatch(await read(source).catch(() => ""), /\\right/);
  assert.equal(
    withLiteralArguments(source, ["error"]),
    source.replace("{Missing \\right. inserted}", "{Missing \\textbackslash{}right. inserted}").replace(
      "{Old form \\pmatrix should be \\begin{pmatrix}.}",
      "{Old form \\textbackslash{}pmatrix should be \\textbackslash{}begin\\{pmatrix\\}.}",
    ),
  );
  assert.match(await read(withLiteralArguments(source, ["error"])), /Missing \\right\. inserted/);
});
