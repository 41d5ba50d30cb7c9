/**
 * Writes the LaTeX-tagging fixtures (`tests/lib/pdf/fixtures/latex_tagged/`):
 * `guide.md`, a short guide written for them (headings at four levels, a
 * bulleted and a numbered list), set by LaTeX's tagging code with LuaTeX
 * and with pdfTeX through `_latex_producers.ts`, as the real-world corpus'
 * `*-tagged-fd` documents are. The two engines tag the same source apart:
 * pdfTeX names every marked-content property list in the page's resources,
 * LuaTeX marks a list item's bullet as an artifact. The PDFs are committed;
 * tests read them, so neither they nor CI need TeX.
 *
 *     apt-get install pandoc texlive-latex-recommended texlive-luatex texlive-latex-extra
 *     deno run -A bench/pdf/make_latex_tagged_fixtures.ts
 *
 * @module
 */
import { type LatexEngine, printLatex } from "./_latex_producers.ts";
import { FILTER } from "./make_foreign.ts";

const DIR = new URL("../../tests/lib/pdf/fixtures/latex_tagged/", import.meta.url);
const ENGINES: readonly LatexEngine[] = ["lualatex", "pdflatex"];

if (import.meta.main) {
  const work = await Deno.makeTempDir();
  try {
    const filter = `${work}/filter.lua`;
    await Deno.writeTextFile(filter, FILTER);
    for (const engine of ENGINES) {
      const pdf = await printLatex(engine, new URL("guide.md", DIR).pathname, "gfm", filter, work);
      await Deno.writeFile(new URL(`guide.${engine}.pdf`, DIR), pdf);
      console.log(`guide.${engine}.pdf: written`);
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
