/**
 * Builds the layout corpus (see `tests/_support/pdf_layout_corpus.ts`): each
 * document's source (the foreign corpus' and the layout corpus' own tuning
 * ones, `make_layout_tuning.ts`) rendered by every layout producer
 * (`_layout_producers.ts`). The 180 PDFs are not committed (git-ignored):
 * `deno task bench:pdf:layout` runs this when they are missing, and no test
 * reads them, so tests and CI need none of the producers.
 *
 *     apt-get install pandoc weasyprint groff abiword rst2pdf
 *     deno task make:pdf-layout-corpus [name…]
 *
 * @module
 */
import {
  LAYOUT_DIR,
  LAYOUT_DOCUMENTS,
  LAYOUT_PRODUCERS,
  layoutPdfUrl,
  layoutSourceUrl,
} from "../../tests/_support/pdf_layout_corpus.ts";
import { renderLayout } from "./_layout_producers.ts";

if (import.meta.main) {
  const only = new Set(Deno.args);
  await Deno.mkdir(LAYOUT_DIR, { recursive: true });
  const work = await Deno.makeTempDir({ prefix: "layout-corpus-" });
  try {
    for (const doc of LAYOUT_DOCUMENTS.filter((d) => only.size === 0 || only.has(d.name))) {
      for (const producer of LAYOUT_PRODUCERS) {
        await renderLayout(
          producer,
          layoutSourceUrl(doc.name).pathname,
          layoutPdfUrl(doc.name, producer).pathname,
          work,
        );
      }
      console.log(`${doc.name}: done`);
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
