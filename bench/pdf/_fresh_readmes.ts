/**
 * READMEs of npm packages in the local Deno cache, for the bench-only fresh
 * sets (`fresh_set.ts`, `fresh_columns_set.ts`): documents no corpus holds,
 * each refused when it shares too much with a held-out source, measured
 * with the corpus scorer's own word similarity and never printed.
 *
 * @module
 */
import { FOREIGN, foreignSourceUrl } from "../../tests/_support/pdf_foreign_corpus.ts";
import { parseMarkdown, textSimilarity } from "../../tests/_support/pdf_score.ts";

const CACHE = `${Deno.env.get("HOME")}/.cache/deno/npm/registry.npmjs.org`;

/** Most word similarity a fresh README may have to any held-out foreign source. */
export const HELD_OUT_SIMILARITY_LIMIT = 0.5;

/** The README of `name` at `version` in the cache, or of its newest cached version. */
export async function cachedReadme(name: string, version?: string): Promise<string> {
  if (version === undefined) {
    const versions: string[] = [];
    for await (const e of Deno.readDir(`${CACHE}/${name}`)) if (e.isDirectory) versions.push(e.name);
    versions.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    version = versions.at(-1);
  }
  return await Deno.readTextFile(`${CACHE}/${name}/${version}/README.md`);
}

let heldOutWords: Promise<string[][]> | undefined;

/** The highest word similarity of `source` to any held-out foreign source (those are never printed). */
export async function heldOutSimilarity(source: string): Promise<number> {
  heldOutWords ??= Promise.all(
    FOREIGN.filter((d) => d.heldOut).map(async (d) =>
      parseMarkdown(await Deno.readTextFile(foreignSourceUrl(d.name))).words
    ),
  );
  const words = parseMarkdown(source).words;
  return Math.max(0, ...(await heldOutWords).map((other) => textSimilarity(words, other)));
}
