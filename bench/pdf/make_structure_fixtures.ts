/**
 * Renders the structure fixtures (`fixtures/structure/*.md`) with pdflatex and
 * wkhtmltopdf, the foreign corpus' producers, next to their sources (those
 * named `indented*` with pdflatex alone, in LaTeX's default paragraph style).
 * Run once after changing a source; the PDFs are committed so tests need
 * neither tool.
 *
 *     deno run -A bench/pdf/make_structure_fixtures.ts [name…]
 *
 * @module
 */
import { renderTex, renderWebkit } from "./make_foreign.ts";

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/structure/", import.meta.url).pathname;
  const work = await Deno.makeTempDir({ prefix: "pdf-fixtures-" });
  try {
    for (const entry of Deno.readDirSync(dir)) {
      if (!entry.name.endsWith(".md")) continue;
      if (Deno.args.length && !Deno.args.includes(entry.name.replace(/\.md$/, ""))) continue;
      const stem = `${dir}${entry.name.replace(/\.md$/, "")}`;
      // `indented*` sources are about TeX's default paragraphs, which the HTML engine's style does not set.
      const indent = entry.name.startsWith("indented");
      await renderTex(`${dir}${entry.name}`, `${stem}.pdflatex.pdf`, { indent });
      if (!indent) await renderWebkit(`${dir}${entry.name}`, `${stem}.wkhtmltopdf.pdf`, work);
      console.log(`${entry.name}: done`);
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
