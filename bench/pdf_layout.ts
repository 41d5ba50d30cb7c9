/**
 * The layout corpus bench: scores the converter against the Markdown sources
 * of the layout corpus (`tests/_support/pdf_layout_corpus.ts`), per producer
 * and over all, for the tuning part and the held-out part apart. Renders the
 * corpus first when its PDFs are missing (`make_layout_corpus.ts`, which needs
 * the producers installed).
 *
 *     deno task bench:pdf:layout [--part tuning|held-out]
 *
 * @module
 */
import { convertPdf } from "../lib/pdf/convert.ts";
import {
  LAYOUT_DOCUMENTS,
  LAYOUT_PRODUCERS,
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

/** Scores of one part of the corpus, by producer. */
async function scorePart(heldOut: boolean): Promise<Map<LayoutProducer, Scores[]>> {
  const byProducer = new Map<LayoutProducer, Scores[]>();
  for (const producer of LAYOUT_PRODUCERS) {
    const scores: Scores[] = [];
    for (const doc of LAYOUT_DOCUMENTS.filter((d) => d.heldOut === heldOut)) {
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

if (import.meta.main) {
  if (!(await complete())) {
    const make = new URL("./pdf/make_layout_corpus.ts", import.meta.url).pathname;
    const { success } = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", make] }).output();
    if (!success) {
      throw new Error(
        "rendering the layout corpus failed: install its producers (see make_layout_corpus.ts)",
      );
    }
  }
  const part = Deno.args.includes("--part") ? Deno.args[Deno.args.indexOf("--part") + 1] : undefined;
  const parts = ([["tuning", false], ["held out", true]] as const).filter(([label]) =>
    part === undefined || label.replace(" ", "-") === part
  );
  for (const [label, heldOut] of parts) {
    const docs = LAYOUT_DOCUMENTS.filter((d) => d.heldOut === heldOut).length;
    console.log(
      `\n### Layout corpus, ${label} part (${docs} documents × ${LAYOUT_PRODUCERS.length} producers)\n`,
    );
    console.log(report(await scorePart(heldOut)));
  }
}
