/**
 * A diagnostic set of fresh READMEs: npm packages found in the local Deno
 * cache that no corpus uses, normalised as the foreign corpus' READMEs are
 * (`make_foreign.ts`), rendered by the layout corpus' producers
 * (`_layout_producers.ts`) and scored against their sources by the corpus
 * scorer. It shows kinds the layout corpus' tuning documents lack, without
 * looking at its held-out ones: each chosen README's word similarity to every
 * held-out foreign source is checked (≤ 0.5) without printing those sources.
 * Bench-only: sources and PDFs go to `fresh/` (git-ignored); the packages'
 * texts stay under their own licences (MIT, ISC, Apache-2.0, named below).
 *
 *     deno run -A bench/pdf/fresh_set.ts [--set listings] [--producer P] [--dump NAME]
 *
 * `--set listings` takes a second, later list of READMEs (used by no other
 * set or corpus), rendered by the producers where spurious listings were
 * left (two-column WeasyPrint, WeasyPrint, AbiWord), into `fresh/listings/`.
 *
 * @module
 */
import { convertPdf } from "../../lib/pdf/convert.ts";
import { LAYOUT_PRODUCERS, type LayoutProducer } from "../../tests/_support/pdf_layout_corpus.ts";
import { score, type Scores } from "../../tests/_support/pdf_score.ts";
import { report } from "../pdf_layout.ts";
import { cachedReadme, HELD_OUT_SIMILARITY_LIMIT, heldOutSimilarity } from "./_fresh_readmes.ts";
import { renderLayout } from "./_layout_producers.ts";
import { normalise } from "./make_foreign.ts";

/** The packages: name, version in the cache, licence. */
const PACKAGES: ReadonlyArray<[string, string, string]> = [
  ["@solana/codecs-data-structures", "8.4.0", "MIT"],
  ["@noble/curves", "1.9.7", "MIT"],
  ["before-after-hook", "4.0.0", "Apache-2.0"],
  ["@hono/node-server", "2.1.8", "MIT"],
  ["router", "2.3.0", "MIT"],
  ["form-data", "4.0.6", "MIT"],
  ["@napi-rs/canvas", "1.1.1", "MIT"],
  ["tmp", "0.2.6", "MIT"],
  ["ipaddr.js", "1.9.1", "MIT"],
  ["zod-to-json-schema", "3.25.2", "ISC"],
  ["autocannon", "9.0.0", "MIT"],
  ["cli-table3", "0.6.5", "MIT"],
  ["@octokit/core", "7.0.8", "MIT"],
  ["@readme/openapi-parser", "9.0.0", "MIT"],
];

/** The `--set listings` packages: name, version in the cache, licence. */
const LISTINGS_PACKAGES: ReadonlyArray<[string, string, string]> = [
  ["@octokit/request", "10.0.16", "MIT"],
  ["@noble/hashes", "1.8.0", "MIT"],
  ["@solana/fixed-points", "8.4.0", "MIT"],
  ["@x402/core", "2.27.0", "Apache-2.0"],
  ["@modelcontextprotocol/conformance", "0.1.16", "MIT"],
  ["postgres", "3.4.9", "Unlicense"],
  ["content-disposition", "2.0.1", "MIT"],
  ["@humanwhocodes/momoa", "2.0.4", "Apache-2.0"],
  ["@signinwithethereum/siwe", "4.2.1", "Apache-2.0"],
  ["timestring", "6.0.0", "MIT"],
  ["solc", "0.8.37", "MIT"],
  ["pako", "1.0.11", "MIT AND Zlib"],
  ["@scure/base", "1.2.6", "MIT"],
  ["eventsource", "3.0.7", "MIT"],
];

/** The producers `--set listings` renders by. */
const LISTINGS_PRODUCERS: readonly LayoutProducer[] = ["weasyprint-columns", "weasyprint", "abiword"];

const listings = Deno.args.includes("--set") && Deno.args[Deno.args.indexOf("--set") + 1] === "listings";
const SET = listings ? LISTINGS_PACKAGES : PACKAGES;
const OUT = new URL(listings ? "fresh/listings/" : "fresh/", import.meta.url);

/** A file stem for a package name. */
function stem(name: string): string {
  return name.replace(/^@/, "").replace("/", "-");
}

/** Normalises every README, refusing one too like a held-out source; returns the source paths. */
async function prepare(work: string): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const [name, version] of SET) {
    const path = new URL(`${stem(name)}.md`, OUT).pathname;
    const text = await normalise(name, await cachedReadme(name, version), work);
    const worst = await heldOutSimilarity(text);
    if (worst > HELD_OUT_SIMILARITY_LIMIT) {
      throw new Error(`${name}: too like a held-out source (${worst.toFixed(2)})`);
    }
    await Deno.writeTextFile(path, text);
    sources.set(stem(name), path);
  }
  return sources;
}

if (import.meta.main) {
  const arg = (flag: string) => Deno.args.includes(flag) ? Deno.args[Deno.args.indexOf(flag) + 1] : undefined;
  const producers = arg("--producer")
    ? [arg("--producer") as LayoutProducer]
    : listings
    ? LISTINGS_PRODUCERS
    : LAYOUT_PRODUCERS;
  const dump = arg("--dump");
  await Deno.mkdir(OUT, { recursive: true });
  const work = await Deno.makeTempDir({ prefix: "fresh-set-" });
  try {
    const sources = await prepare(work);
    const byProducer = new Map<string, Scores[]>();
    for (const producer of producers) {
      const scores: Scores[] = [];
      for (const [name, source] of sources) {
        if (dump && dump !== name) continue;
        const pdf = new URL(`${name}.${producer}.pdf`, OUT).pathname;
        if (Deno.args.includes("--render") || !(await Deno.stat(pdf).catch(() => null))) {
          // A producer may refuse a README (rst2pdf: a heading level skipped): it is left out, and said.
          const made = await renderLayout(producer, source, pdf, work).then(() => true, () => false);
          if (!made) {
            console.log(`${producer} failed on ${name}: left out`);
            continue;
          }
        }
        const { markdown } = await convertPdf(await Deno.readFile(pdf));
        if (dump) console.log(markdown);
        scores.push(score(await Deno.readTextFile(source), markdown));
      }
      byProducer.set(producer, scores);
    }
    if (!dump) {
      console.log(`\n### Fresh READMEs (${SET.map(([n, v, l]) => `${n} ${v} ${l}`).join(", ")})\n`);
      console.log(report(byProducer));
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
