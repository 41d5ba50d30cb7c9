/**
 * A diagnostic set for two-column pages: READMEs of npm packages that no
 * corpus uses (taken from the local npm cache), normalised as the foreign
 * corpus' are, rendered as the layout corpus' WeasyPrint producers render it
 * (one column and two: the difference is what two columns cost), and scored
 * against their sources with the layout bench's scorer. It is independent of
 * every corpus: a README sharing more than half its words with a held-out
 * source is refused (the similarity is computed, never printed). Bench-only:
 * nothing here is committed but this script, the PDFs go to `bench/out/`.
 *
 *     deno run -A bench/pdf/fresh_columns_set.ts [--docs] [--dump NAME PRODUCER]
 *
 * `--docs` adds each document's code and paragraph figures; `--dump` prints
 * our Markdown for one of them.
 *
 * @module
 */
import { convertPdf } from "../../lib/pdf/convert.ts";
import type { LayoutProducer } from "../../tests/_support/pdf_layout_corpus.ts";
import { score, type Scores } from "../../tests/_support/pdf_score.ts";
import { report } from "../pdf_layout.ts";
import { cachedReadme, HELD_OUT_SIMILARITY_LIMIT, heldOutSimilarity } from "./_fresh_readmes.ts";
import { renderLayout } from "./_layout_producers.ts";
import { normalise } from "./make_foreign.ts";

/** The packages (name, licence), by various authors, with listings, tables and lists. */
const PACKAGES: ReadonlyArray<[string, string]> = [
  ["autocannon", "MIT"],
  ["before-after-hook", "Apache-2.0"],
  ["cli-table3", "MIT"],
  ["eventsource-parser", "MIT"],
  ["form-data", "MIT"],
  ["hdr-histogram-js", "BSD-2-Clause"],
  ["http-errors", "MIT"],
  ["ipaddr.js", "MIT"],
  ["js-tokens", "MIT"],
  ["qs", "BSD-3-Clause"],
  ["tmp", "MIT"],
  ["unpdf", "MIT"],
  ["yaml", "ISC"],
  ["zod-to-json-schema", "ISC"],
];

const PRODUCERS: readonly LayoutProducer[] = ["weasyprint", "weasyprint-columns"];
const OUT = new URL("../out/fresh-columns/", import.meta.url);

/** Packs and renders every package whose PDFs are missing; returns the sources by name. */
async function build(): Promise<Map<string, string>> {
  await Deno.mkdir(OUT, { recursive: true });
  const work = await Deno.makeTempDir({ prefix: "fresh-columns-" });
  const sources = new Map<string, string>();
  try {
    for (const [name, license] of PACKAGES) {
      const src = new URL(`${name}.md`, OUT);
      let source: string;
      try {
        source = await Deno.readTextFile(src);
      } catch {
        source = await normalise(name, await cachedReadme(name), work);
        const similar = await heldOutSimilarity(source);
        if (similar > HELD_OUT_SIMILARITY_LIMIT) {
          throw new Error(`${name} shares too much with a held-out source`);
        }
        await Deno.writeTextFile(src, source);
        for (const producer of PRODUCERS) {
          await renderLayout(producer, src.pathname, new URL(`${name}.${producer}.pdf`, OUT).pathname, work);
        }
        console.error(`${name} (${license}): rendered, held-out similarity ≤ 0.5`);
      }
      sources.set(name, source);
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
  return sources;
}

if (import.meta.main) {
  const sources = await build();
  const dump = Deno.args.indexOf("--dump");
  if (dump >= 0) {
    const [name, producer] = Deno.args.slice(dump + 1);
    const pdf = await Deno.readFile(new URL(`${name}.${producer}.pdf`, OUT));
    console.log((await convertPdf(pdf)).markdown);
  } else {
    const byProducer = new Map<string, Scores[]>();
    const rows: string[] = [];
    for (const producer of PRODUCERS) {
      const scores: Scores[] = [];
      for (const [name, source] of sources) {
        const { markdown } = await convertPdf(await Deno.readFile(new URL(`${name}.${producer}.pdf`, OUT)));
        const s = score(source, markdown);
        scores.push(s);
        rows.push(
          `| ${name} | ${producer} | ${s.codeBlocks.hit}/${s.codeBlocks.of} | ${s.spuriousCodeBlocks} | ` +
            `${s.paragraphs.hit}/${s.paragraphs.of} | ${s.text.toFixed(3)} |`,
        );
      }
      byProducer.set(producer, scores);
    }
    console.log(
      `\n### Fresh two-column set (${sources.size} READMEs: ${
        PACKAGES.map(([n, l]) => `${n} ${l}`).join(", ")
      })\n`,
    );
    console.log(report(byProducer));
    if (Deno.args.includes("--docs")) {
      console.log(
        "\n| document | producer | code | spurious | paragraphs | text |\n|---|---|---:|---:|---:|---:|",
      );
      console.log(rows.join("\n"));
    }
  }
}
