import assert from "node:assert/strict";
import {
  readableColumns,
  withoutDeluxeColumnSpecs,
  withReadableTabulars,
} from "../../bench/pdf/_latex_tabular.ts";
import { latexForPandoc } from "../../bench/pdf/_latex_source.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

/** pandoc's GitHub Markdown for a LaTeX source, as the real-world corpus' references are made. */
async function pandoc(latex: string): Promise<string> {
  const out = await runCommand("pandoc", ["-f", "latex", "-t", "gfm-raw_html", "--wrap=none"], {
    stdin: latex,
  });
  return new TextDecoder().decode(out);
}

Deno.test("readableColumns keeps l, c, r and p columns and expands the document's column types", () => {
  assert.equal(
    readableColumns("@{\\hspace*{1em}}@{\\extracolsep{\\fill}}ccc!{\\quad}r p{2cm}|"),
    "cccrp{2cm}",
  );
  assert.equal(readableColumns("|||d{3.2}|X|X|||", new Map([["X", ">{\\,}c@{}c<{\\,}"]])), "lcccc");
  assert.equal(readableColumns("*{3}{c}l"), "cccl");
});

const TABLES = String.raw`\documentclass{report}
\begin{document}
\chapter{Data}
\begin{table}
\caption{Error function}\centering{%
\begin{tabular*}{0.8\textwidth}{@{\hspace*{1.5em}}@{\extracolsep{\fill}}cc!{\hspace*{3em}}c}
\multicolumn{1}{@{\hspace*{1em}}c}{$x$} & erf & \raisebox{1ex}[0cm][0cm]{erfc} \\
0.05 & 0.05637 & 0.94363 \\
\end{tabular*}}
\end{table}
\newcolumntype{X}{>{\hspace{1ex}}c@{\hspace{2ex}}c}
\begin{longtable}{|d{3.2}|X|}
\caption{Coefficients}\\
Bi & A & B \\
\endfirsthead
\caption[]{(continued)} \\
\endhead
0.01 & 1.0017 & 1.0000 \\
\end{longtable}
\end{document}
`;

Deno.test("tables pandoc drops (tabular*, inter-column material, column types) keep their cells and captions", async () => {
  const bare = await pandoc(TABLES);
  assert.doesNotMatch(bare, /0\.05637/);
  assert.match(
    withReadableTabulars("\\begin{tabular*}{\\linewidth}{@{}lr@{}}a\\end{tabular*}"),
    /^\\begin\{tabular\}\{lr\}a\\end\{tabular\}$/,
  );
  const markdown = await pandoc(latexForPandoc(TABLES, { chapters: true }));
  assert.match(markdown, /\| 0\.05 \| 0\.05637 \| 0\.94363 \|/);
  assert.match(markdown, /\| \*x\* +\| +erf +\| +erfc +\|/);
  assert.match(markdown, /Table 1\.2: Coefficients\n\n\|/);
  assert.match(markdown, /\| 0\.01 \| 1\.0017 \| 1\.0000 \|/);
  assert.doesNotMatch(markdown, /continued/);
});

Deno.test("a deluxetable's column specification prints nothing", async () => {
  const source = String.raw`\begin{deluxetable*}{cchlDlc}
\tablewidth{0pt}
M1 & 2 \\
\end{deluxetable*}
\begin{splitdeluxetable*}[t]{lccBcc}
x
\end{splitdeluxetable*}`;
  const read = async (latex: string) =>
    new TextDecoder().decode(await runCommand("pandoc", ["-f", "latex", "-t", "plain"], { stdin: latex }));
  assert.match(await read(source), /cchlDlc/);
  const without = withoutDeluxeColumnSpecs(source);
  assert.equal(
    without,
    source.replace("{deluxetable*}{cchlDlc}", "{deluxetable*}").replace(
      "{splitdeluxetable*}[t]{lccBcc}",
      "{splitdeluxetable*}",
    ),
  );
  assert.doesNotMatch(await read(without), /cchlDlc|lccBcc/);
});
