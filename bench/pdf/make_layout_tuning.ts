/**
 * Packs the layout corpus' own tuning documents (`LAYOUT_ADDED` in
 * `tests/_support/pdf_layout_corpus.ts`): each package's README, normalised
 * and cut as the foreign corpus' are (`make_foreign.ts`), and its licence,
 * into `bench/pdf/layout-tuning/`. Run once; the sources are committed and
 * `make_layout_corpus.ts` renders them with the other documents.
 *
 *     apt-get install pandoc
 *     deno run -A bench/pdf/make_layout_tuning.ts [name…]
 *
 * @module
 */
import { LAYOUT_ADDED, LAYOUT_ADDED_DIR, layoutSourceUrl } from "../../tests/_support/pdf_layout_corpus.ts";
import { fetchPackage, normalise } from "./make_foreign.ts";

/** The licence listing written beside the sources. */
function listing(): string {
  const rows = LAYOUT_ADDED.map((d) =>
    `| ${d.name} | ${d.version} | ${d.license} | tuning | licenses/${d.name}.txt |`
  );
  return "# Sources of the layout corpus' own tuning documents\n\nEach `src/*.md` is the README of an npm package, " +
    "normalised and shortened by `make_layout_tuning.ts` as the foreign corpus' are; each package's own licence " +
    "applies to its text and is copied under `licenses/`. All are tuning documents: the layout corpus' held-out " +
    "part is the foreign corpus' held-out documents only.\n\n" +
    "| Package | Version | Licence | Part | Licence text |\n|---|---|---|---|---|\n" + rows.join("\n") + "\n";
}

if (import.meta.main) {
  const only = new Set(Deno.args);
  const work = await Deno.makeTempDir({ prefix: "layout-tuning-" });
  await Deno.mkdir(new URL("src/", LAYOUT_ADDED_DIR), { recursive: true });
  await Deno.mkdir(new URL("licenses/", LAYOUT_ADDED_DIR), { recursive: true });
  try {
    for (const doc of LAYOUT_ADDED.filter((d) => only.size === 0 || only.has(d.name))) {
      const { readme, license } = await fetchPackage(doc, work);
      await Deno.writeTextFile(new URL(`licenses/${doc.name}.txt`, LAYOUT_ADDED_DIR), license);
      const source = layoutSourceUrl(doc.name);
      await Deno.writeTextFile(source, await normalise(doc.name, readme, work));
      // The repository's formatter owns committed Markdown: format before rendering, so the PDFs match.
      await new Deno.Command(Deno.execPath(), { args: ["fmt", "-q", source.pathname] }).output();
      console.log(`${doc.name}: packed`);
    }
    const licenses = new URL("LICENSES.md", LAYOUT_ADDED_DIR);
    await Deno.writeTextFile(licenses, listing());
    await new Deno.Command(Deno.execPath(), { args: ["fmt", "-q", licenses.pathname] }).output();
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
