/**
 * The layout corpus bench: scores the converter against the Markdown sources
 * of the layout corpus (`tests/_support/pdf_layout_corpus.ts`), per producer
 * and over all, for three parts apart: the foreign corpus' tuning documents,
 * the layout corpus' own added tuning documents, and the held-out part (the
 * foreign corpus' held-out documents, the same as before the added ones came).
 * Renders the corpus first when its PDFs are missing (`make_layout_corpus.ts`,
 * which needs the producers installed). `--dump NAME PRODUCER` prints our
 * Markdown for one tuning document instead; it refuses a held-out one.
 *
 *     deno task bench:pdf:layout [--part tuning|added|held-out] [--dump NAME PRODUCER]
 *
 * @module
 */
import { convertPdf } from "../lib/pdf/convert.ts";
import {
  LAYOUT_DOCUMENTS,
  LAYOUT_PRODUCERS,
  type LayoutDocument,
  layoutPdfUrl,
  type LayoutProducer,
  layoutSourceUrl,
} from "../tests/_support/pdf_layout_corpus.ts";
import { summarize, type Summary } from "../tests/_support/pdf_report.ts";
import { score, type Scores } from "../tests/_support/pdf_score.ts";

/** The figures reported, with how each is written. */
const FIGURES: Array<[keyof Summary, string]> = [
  ["text", "text similarity"],
  ["headingF1", "heading F1 (exact level)"],
  ["falseHeadingsPerDoc", "false headings / doc"],
  ["bulletItems", "bullets"],
  ["numberedItems", "numbered"],
  ["nestedItems", "nesting"],
  ["codeBlocks", "code blocks"],
  ["spuriousCodePerDoc", "spurious code / doc"],
  ["tableCells", "table cells"],
  ["quotes", "block quotes"],
  ["paragraphs", "paragraphs"],
];

/** True when every PDF of the corpus is there. */
async function complete(): Promise<boolean> {
  for (const doc of LAYOUT_DOCUMENTS) {
    for (const producer of LAYOUT_PRODUCERS) {
      try {
        await Deno.stat(layoutPdfUrl(doc.name, producer));
      } catch {
        return false;
      }
    }
  }
  return true;
}

/** The parts reported: a label, the `--part` value choosing it, and its documents. */
const PARTS: ReadonlyArray<[string, string, (d: LayoutDocument) => boolean]> = [
  ["tuning part (foreign corpus' documents)", "tuning", (d) => d.set === "foreign" && !d.heldOut],
  ["tuning part (added documents)", "added", (d) => d.set === "added"],
  ["held out part", "held-out", (d) => d.heldOut],
];

/** Scores of some documents of the corpus, by producer. */
async function scorePart(docs: readonly LayoutDocument[]): Promise<Map<LayoutProducer, Scores[]>> {
  const byProducer = new Map<LayoutProducer, Scores[]>();
  for (const producer of LAYOUT_PRODUCERS) {
    const scores: Scores[] = [];
    for (const doc of docs) {
      const source = await Deno.readTextFile(layoutSourceUrl(doc.name));
      const { markdown } = await convertPdf(await Deno.readFile(layoutPdfUrl(doc.name, producer)));
      scores.push(score(source, markdown));
    }
    byProducer.set(producer, scores);
  }
  return byProducer;
}

/** A Markdown table of the headline figures, one column per group (producer, document) and one over all. */
export function report(byGroup: Map<string, Scores[]>): string {
  const columns: Array<[string, Summary]> = [...byGroup].map(([p, s]) => [p, summarize(s)]);
  columns.push(["all", summarize([...byGroup.values()].flat())]);
  const lines = [
    `| score | ${columns.map(([name]) => name).join(" | ")} |`,
    `|---|${columns.map(() => "---:").join("|")}|`,
  ];
  for (const [key, label] of FIGURES) {
    const digits = key.endsWith("PerDoc") ? 2 : 3;
    lines.push(`| ${label} | ${columns.map(([, s]) => s[key].toFixed(digits)).join(" | ")} |`);
  }
  return lines.join("\n");
}

if (import.meta.main && !Deno.args.includes("--dump") && !(await complete())) {
  const make = new URL("./pdf/make_layout_corpus.ts", import.meta.url).pathname;
  const { success } = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", make] }).output();
  if (!success) {
    throw new Error(
      "rendering the layout corpus failed: install its producers (see make_layout_corpus.ts)",
    );
  }
}

if (import.meta.main) {
  const dump = Deno.args.indexOf("--dump");
  if (dump >= 0) {
    const [name, producer] = Deno.args.slice(dump + 1) as [string, LayoutProducer];
    const doc = LAYOUT_DOCUMENTS.find((d) => d.name === name);
    if (!doc || doc.heldOut || !LAYOUT_PRODUCERS.includes(producer)) {
      throw new Error("--dump takes a tuning document's name and a producer");
    }
    console.log((await convertPdf(await Deno.readFile(layoutPdfUrl(name, producer)))).markdown);
  } else {
    const part = Deno.args.includes("--part") ? Deno.args[Deno.args.indexOf("--part") + 1] : undefined;
    for (const [label, , member] of PARTS.filter(([, key]) => part === undefined || key === part)) {
      const docs = LAYOUT_DOCUMENTS.filter(member);
      console.log(
        `\n### Layout corpus, ${label} (${docs.length} documents × ${LAYOUT_PRODUCERS.length} producers)\n`,
      );
      console.log(report(await scorePart(docs)));
    }
  }
}
