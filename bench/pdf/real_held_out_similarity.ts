/**
 * Checks that a real-world tuning document stays independent of the held-out
 * part: prints, for each tuning document named (all, when none is), the
 * highest word similarity of its reference to any held-out document's
 * reference, measured with the corpus scorer's own similarity, and exits
 * non-zero when one is above the limit a new document must keep to. The
 * held-out references are read as word lists only, never printed.
 *
 *     deno run -A bench/pdf/real_held_out_similarity.ts [NAME...]
 *
 * @module
 */
import { REAL_DOCUMENTS, realSourceUrl } from "../../tests/_support/pdf_real_corpus.ts";
import { parseMarkdown, textSimilarity } from "../../tests/_support/pdf_score.ts";
import { HELD_OUT_SIMILARITY_LIMIT } from "./_fresh_readmes.ts";

/** A reference's words, as the scorer reads them. */
async function words(name: string): Promise<string[]> {
  return parseMarkdown(await Deno.readTextFile(realSourceUrl(name))).words;
}

/** The highest similarity of `name`'s reference to any held-out reference. */
export async function heldOutSimilarity(name: string, heldOut: readonly string[][]): Promise<number> {
  const own = await words(name);
  return Math.max(0, ...heldOut.map((other) => textSimilarity(own, other)));
}

if (import.meta.main) {
  const heldOut = await Promise.all(REAL_DOCUMENTS.filter((d) => d.heldOut).map((d) => words(d.name)));
  const chosen = REAL_DOCUMENTS.filter((d) =>
    !d.heldOut && (Deno.args.length === 0 || Deno.args.includes(d.name))
  );
  let over = 0;
  for (const doc of chosen) {
    const similarity = await heldOutSimilarity(doc.name, heldOut);
    if (similarity > HELD_OUT_SIMILARITY_LIMIT) over++;
    console.log(
      `${doc.name}: ${similarity.toFixed(3)}${similarity > HELD_OUT_SIMILARITY_LIMIT ? " (over)" : ""}`,
    );
  }
  if (over > 0) Deno.exit(1);
}
