/**
 * Writes the two-column paper fixtures (`tests/lib/pdf/fixtures/paper_authors/`):
 * `two_authors.tex` and `three_authors.tex`, one page each of a conference
 * paper written for them in IEEEtran's conference layout, its authors in
 * `\IEEEauthorblockN`/`\IEEEauthorblockA` boxes side by side under the
 * title, two columns of prose under them. Set by pdfLaTeX; the PDFs are
 * committed, so neither tests nor CI need TeX.
 *
 *     apt-get install texlive-latex-recommended texlive-publishers
 *     deno run -A bench/pdf/make_paper_fixtures.ts
 *
 * @module
 */
import { runCommand } from "./_run.ts";

const DIR = new URL("../../tests/lib/pdf/fixtures/paper_authors/", import.meta.url);
const PAPERS = ["two_authors", "three_authors"];

if (import.meta.main) {
  const work = await Deno.makeTempDir();
  try {
    for (const name of PAPERS) {
      await Deno.copyFile(new URL(`${name}.tex`, DIR), `${work}/${name}.tex`);
      await runCommand("pdflatex", ["-interaction=nonstopmode", `${name}.tex`], { cwd: work });
      await Deno.copyFile(`${work}/${name}.pdf`, new URL(`${name}.pdf`, DIR));
      console.log(`${name}.pdf: written`);
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
