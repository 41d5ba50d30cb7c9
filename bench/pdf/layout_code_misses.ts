/**
 * Lists, per tuning document and producer of the layout corpus, the source's
 * code blocks our Markdown misses or cuts and our code blocks the source
 * lacks (spurious listings), matched as the corpus scorer matches them
 * (`tests/_support/pdf_score.ts`). It never reads a held-out document.
 *
 *     deno run -A bench/pdf/layout_code_misses.ts [--producer P] [--part tuning|added] [--dir DIR]
 *
 * `--dir DIR` reads a bench-only set instead (`fresh_set.ts`' folders,
 * `abiword_tables_set.ts`' and `fresh_columns_set.ts`' outputs): every
 * `NAME.md` there with its `NAME.PRODUCER.pdf` renderings.
 *
 * @module
 */
import { convertPdf } from "../../lib/pdf/convert.ts";
import {
  LAYOUT_DOCUMENTS,
  LAYOUT_PRODUCERS,
  layoutPdfUrl,
  type LayoutProducer,
  layoutSourceUrl,
} from "../../tests/_support/pdf_layout_corpus.ts";
import { parseMarkdown } from "../../tests/_support/pdf_score.ts";

/** The items of `a` that find no partner in `b`, each partner used once. */
function unmatched(a: readonly string[], b: readonly string[]): string[] {
  const pool = new Map<string, number>();
  for (const x of b) pool.set(x, (pool.get(x) ?? 0) + 1);
  return a.filter((x) => {
    const left = pool.get(x) ?? 0;
    if (left > 0) pool.set(x, left - 1);
    return left === 0;
  });
}

/** The value following a flag, if given. */
function flag(name: string): string | undefined {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Deno.args[at + 1] : undefined;
}

if (import.meta.main) {
  const producers = flag("--producer") ? [flag("--producer") as LayoutProducer] : LAYOUT_PRODUCERS;
  const part = flag("--part");
  const docs = LAYOUT_DOCUMENTS.filter((d) =>
    !d.heldOut && (part === undefined || d.set === (part === "tuning" ? "foreign" : part))
  );
  const cut = (s: string) => (s.length > 140 ? `${s.slice(0, 140)}…` : s);
  const dir = flag("--dir");
  const pairs: Array<[string, string, URL, URL]> = [];
  for (const producer of producers) {
    if (dir === undefined) {
      for (const doc of docs) {
        pairs.push([
          doc.name,
          `${producer} (${doc.set})`,
          layoutSourceUrl(doc.name),
          layoutPdfUrl(doc.name, producer),
        ]);
      }
      continue;
    }
    const base = new URL(`${dir.replace(/\/?$/, "/")}`, `file://${Deno.cwd()}/`);
    for await (const entry of Deno.readDir(base)) {
      const name = entry.name.endsWith(".md") ? entry.name.slice(0, -3) : undefined;
      const pdf = name === undefined ? undefined : new URL(`${name}.${producer}.pdf`, base);
      if (pdf && (await Deno.stat(pdf).catch(() => null))) {
        pairs.push([name!, producer, new URL(entry.name, base), pdf]);
      }
    }
  }
  for (const [name, label, sourceUrl, pdfUrl] of pairs) {
    const source = parseMarkdown(await Deno.readTextFile(sourceUrl));
    const { markdown } = await convertPdf(await Deno.readFile(pdfUrl));
    const ours = parseMarkdown(markdown);
    const missed = unmatched(source.codeBlocks, ours.codeBlocks);
    const spurious = unmatched(ours.codeBlocks, source.codeBlocks);
    if (missed.length === 0 && spurious.length === 0) continue;
    console.log(`\n## ${name} ${label}`);
    for (const m of missed) console.log(`  missed:   ${cut(m)}`);
    for (const s of spurious) console.log(`  spurious: ${cut(s)}`);
  }
}
