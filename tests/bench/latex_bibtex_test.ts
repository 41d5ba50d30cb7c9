import assert from "node:assert/strict";
import {
  BIBLIOGRAPHY_URLS_WITHOUT_SCHEME,
  bibtexAux,
  citedKeys,
  withBibtexList,
} from "../../bench/pdf/_latex_bibtex.ts";
import { withGeneratedMatter } from "../../bench/pdf/_latex_generated.ts";
import { runCommand } from "../../bench/pdf/_run.ts";

const PAPER = String.raw`\documentclass{article}
\begin{document}
Zeta comes first in the text \cite{zeta}, then alpha \cite[p.~2]{alpha,zeta}. % \cite{commented}
\bibliographystyle{plain}
\bibliography{refs}
\end{document}
`;

const REFS = String
  .raw`@book{alpha, author = {Ann Alpha}, title = {Arithmetic}, publisher = {Press}, year = 2001}
@misc{zeta, author = {Zed Zeta}, title = {Zymurgy}, howpublished = {\url{https://zeta.org/z/}}, year = 2020}
`;

Deno.test("the .aux BibTeX reads holds each cited key once, in citing order, the style and the databases", () => {
  assert.deepEqual(citedKeys(PAPER), ["zeta", "alpha"]);
  assert.equal(
    bibtexAux(PAPER),
    "\\relax\n\\citation{zeta}\n\\citation{alpha}\n\\bibstyle{plain}\n\\bibdata{refs}\n",
  );
});

Deno.test("BibTeX's list stands where \\bibliography did, its citations printed as its labels", async () => {
  const work = await Deno.makeTempDir();
  try {
    const listed = await withBibtexList(PAPER, new Map([["refs", REFS]]), work);
    assert.ok(!listed.includes("\\bibliography{"));
    assert.ok(!listed.includes("\\newblock"));
    // `plain` sorts by author: Alpha is [1], Zeta [2].
    const latex = withGeneratedMatter(listed, false);
    assert.match(latex, /first in the text \{\[\}2\{\]\}, then alpha \{\[\}1, 2, p\.~2\{\]\}/);
    await Deno.writeTextFile(`${work}/source.tex`, latex);
    await Deno.writeTextFile(`${work}/urls.lua`, BIBLIOGRAPHY_URLS_WITHOUT_SCHEME);
    const markdown = new TextDecoder().decode(
      await runCommand("pandoc", [
        "-f",
        "latex",
        "-t",
        "gfm-raw_html",
        "--wrap=none",
        "--lua-filter=urls.lua",
        "source.tex",
      ], {
        cwd: work,
      }),
    );
    assert.match(markdown, /^# References$/m);
    assert.match(markdown, /\\\[1\\\] Ann Alpha\. \*Arithmetic\*\. Press, 2001\./);
    assert.match(markdown, /\[zeta\.org\/z\/\]\(https:\/\/zeta\.org\/z\/\)/);
    // Without its database the source stays as it is.
    assert.equal(await withBibtexList(PAPER, new Map(), work), PAPER);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("a paper printed here whose BibTeX style is not installed prints no list, nor its heading", async () => {
  const work = await Deno.makeTempDir();
  try {
    const unstyled = PAPER.replace("{plain}", "{no-such-style}");
    const databases = new Map([["refs", REFS]]);
    // Printed elsewhere, the page may hold the list: the source stays as it is.
    assert.equal(await withBibtexList(unstyled, databases, work), unstyled);
    const here = await withBibtexList(unstyled, databases, work, { printedHere: true });
    assert.ok(!here.includes("\\bibliography{"), here);
    assert.doesNotMatch(withGeneratedMatter(here, false), /References/);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
