/**
 * Writes the display-formula fixture (`tests/lib/pdf/fixtures/displays/`):
 * `displays.tex`, a short page of displays written for it (two fractions on
 * one row, a fraction whose denominator holds a sum, a fraction in a
 * fraction's denominator, a sum with stacked limits, radicals over a sum and
 * over a fraction, an inline fraction and a sum with its limits beside it in prose, an
 * integral), set by pdfLaTeX without
 * tags in Computer Modern, whose extension font maps its signs to no
 * character. The PDF is committed; tests read it, so neither they nor CI
 * need TeX.
 *
 *     apt-get install texlive-latex-recommended
 *     deno run -A bench/pdf/make_display_fixtures.ts
 *
 * @module
 */
import { runCommand } from "./_run.ts";

const DIR = new URL("../../tests/lib/pdf/fixtures/displays/", import.meta.url);

if (import.meta.main) {
  const work = await Deno.makeTempDir();
  try {
    await Deno.copyFile(new URL("displays.tex", DIR), `${work}/displays.tex`);
    await runCommand("pdflatex", ["-interaction=nonstopmode", "displays.tex"], { cwd: work });
    await Deno.copyFile(`${work}/displays.pdf`, new URL("displays.pdf", DIR));
    console.log("displays.pdf: written");
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
