/**
 * The real-world corpus bench: scores the converter against the sources of
 * PDFs other people committed beside them (`tests/_support/pdf_real_corpus.ts`),
 * one column per document and one over all, for the tuning part and the
 * held-out part apart. `--odl` scores OpenDataLoader PDF on the same files
 * beside ours; `--dump NAME` prints our Markdown for one document instead, to
 * read beside its source.
 *
 *     deno task bench:pdf:real [--part tuning|held-out] [--odl] [--dump NAME]
 *
 * @module
 */
import { convertPdf } from "../lib/pdf/convert.ts";
import {
  REAL_DOCUMENTS,
  type RealDocument,
  realPdfUrl,
  realSourceUrl,
} from "../tests/_support/pdf_real_corpus.ts";
import { score, type Scores } from "../tests/_support/pdf_score.ts";
import { haveJava, runOdl } from "./pdf/_odl.ts";
import { report } from "./pdf_layout.ts";

/** The bench measures structure, not speed: a loaded machine must not cut a conversion short. */
const NO_DEADLINE = { timeBudgetMs: 600_000 };

/** Our scores for some documents, by document. */
async function scoreOurs(docs: readonly RealDocument[]): Promise<Map<string, Scores[]>> {
  const byDoc = new Map<string, Scores[]>();
  for (const doc of docs) {
    const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(doc.name)), { limits: NO_DEADLINE });
    byDoc.set(doc.name, [score(await Deno.readTextFile(realSourceUrl(doc.name)), markdown)]);
  }
  return byDoc;
}

/** OpenDataLoader's scores for the same documents, by document. */
async function scoreOdl(docs: readonly RealDocument[]): Promise<Map<string, Scores[]>> {
  const { markdown } = await runOdl(docs.map((d) => realPdfUrl(d.name).pathname));
  const byDoc = new Map<string, Scores[]>();
  for (const doc of docs) {
    const actual = markdown.get(realPdfUrl(doc.name).pathname) ?? "";
    byDoc.set(doc.name, [score(await Deno.readTextFile(realSourceUrl(doc.name)), actual)]);
  }
  return byDoc;
}

if (import.meta.main && Deno.args.includes("--dump")) {
  const name = Deno.args[Deno.args.indexOf("--dump") + 1] ?? "";
  const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name)), { limits: NO_DEADLINE });
  console.log(markdown);
} else if (import.meta.main) {
  const part = Deno.args.includes("--part") ? Deno.args[Deno.args.indexOf("--part") + 1] : undefined;
  const parts = ([["tuning", false], ["held out", true]] as const).filter(([label]) =>
    part === undefined || label.replace(" ", "-") === part
  );
  for (const [label, heldOut] of parts) {
    const docs = REAL_DOCUMENTS.filter((d) => d.heldOut === heldOut);
    console.log(`\n### Real-world corpus, ${label} part (${docs.length} documents), ours\n`);
    console.log(report(await scoreOurs(docs)));
    if (Deno.args.includes("--odl") && await haveJava()) {
      console.log(`\n### Real-world corpus, ${label} part, OpenDataLoader\n`);
      console.log(report(await scoreOdl(docs)));
    }
  }
}
