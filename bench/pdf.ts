/**
 * PDF → Markdown bench. Scores our converter and `@opendocsg/pdf2md` against
 * the corpus' Markdown sources (headings by level, list items, code blocks,
 * links, table cells, text similarity), then measures pages per second and
 * peak memory on Debian's R manuals when installed (`apt-get install r-doc-pdf`).
 *
 *     deno run -A bench/pdf.ts [--quick]
 *
 * `--quick` skips the R manuals. Speed is the best of three fresh runs, in
 * pages per wall-clock second and per CPU second.
 *
 * @module
 */
import * as pdf2mdModule from "@opendocsg/pdf2md";
import { convertPdf } from "../lib/pdf/convert.ts";
import { CORPUS, type Engine, pdfUrl, sourceUrl } from "./pdf/corpus.ts";
import { type Ratio, score, type Scores } from "./pdf/score.ts";

/** `@opendocsg/pdf2md`'s default export, typed as it behaves (its typings declare a module shape). */
const pdf2md = (pdf2mdModule as unknown as {
  default: (pdf: Uint8Array, callbacks?: { pageParsed?: (pages: unknown[]) => void }) => Promise<string>;
}).default;

/** A converter under test. */
interface Converter {
  name: string;
  convert(bytes: Uint8Array): Promise<string>;
}

const CONVERTERS: Converter[] = [
  { name: "ours", convert: async (bytes) => (await convertPdf(bytes)).markdown },
  {
    name: "ours, geometry only",
    convert: async (bytes) => (await convertPdf(bytes, { useStructTree: false })).markdown,
  },
  { name: "pdf2md", convert: (bytes) => pdf2md(bytes) },
];

/** Totals of one converter over documents. */
interface Totals {
  scores: Scores[];
  ms: number;
  pages: number;
}

/** Adds ratios. */
function sum(ratios: Ratio[]): Ratio {
  return ratios.reduce((t, r) => ({ hit: t.hit + r.hit, of: t.of + r.of }), { hit: 0, of: 0 });
}

/** A ratio as a fraction with three decimals. */
function fraction(r: Ratio): string {
  return r.of === 0 ? "–" : (r.hit / r.of).toFixed(3);
}

/** F1 of heading precision and recall. */
function f1(predicted: Ratio, found: Ratio): string {
  const p = predicted.of ? predicted.hit / predicted.of : 0;
  const r = found.of ? found.hit / found.of : 0;
  return p + r === 0 ? "0.000" : ((2 * p * r) / (p + r)).toFixed(3);
}

/** The comparison table for some documents. */
function table(totals: Map<string, Totals>): string {
  const names = [...totals.keys()];
  const rows: Array<[string, (t: Totals) => string]> = [
    [
      "Text similarity (mean)",
      (t) => (t.scores.reduce((n, s) => n + s.text, 0) / t.scores.length).toFixed(3),
    ],
    [
      "Heading F1 (text + level)",
      (t) => f1(sum(t.scores.map((s) => s.headingsPredicted)), sum(t.scores.map((s) => s.headingsFound))),
    ],
    ["Heading precision", (t) => fraction(sum(t.scores.map((s) => s.headingsPredicted)))],
    ["Heading recall", (t) => fraction(sum(t.scores.map((s) => s.headingsFound)))],
    ...[1, 2, 3, 4, 5, 6].map((level): [string, (t: Totals) => string] => [
      `  H${level} recall`,
      (t) => fraction(sum(t.scores.map((s) => s.headingsByLevel[level - 1]!))),
    ]),
    ["List-item recall", (t) => fraction(sum(t.scores.map((s) => s.listItems)))],
    ["Code-block recall", (t) => fraction(sum(t.scores.map((s) => s.codeBlocks)))],
    ["Link recall", (t) => fraction(sum(t.scores.map((s) => s.links)))],
    ["Table-cell recall", (t) => fraction(sum(t.scores.map((s) => s.tableCells)))],
    ["Pages per second", (t) => (t.pages / (t.ms / 1000)).toFixed(1)],
  ];
  const lines = [`| Score | ${names.join(" | ")} |`, `|---|${names.map(() => "---:").join("|")}|`];
  for (const [label, value] of rows) {
    lines.push(`| ${label} | ${names.map((n) => value(totals.get(n)!)).join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Runs every converter over the corpus documents rendered by `engines`. */
async function scoreCorpus(engines: readonly Engine[]): Promise<Map<string, Totals>> {
  const totals = new Map<string, Totals>(CONVERTERS.map((c) => [c.name, { scores: [], ms: 0, pages: 0 }]));
  for (const doc of CORPUS) {
    const source = await Deno.readTextFile(sourceUrl(doc.name));
    for (const engine of doc.engines.filter((e) => engines.includes(e))) {
      const bytes = await Deno.readFile(pdfUrl(doc.name, engine));
      const pages = (await convertPdf(bytes)).pages;
      for (const converter of CONVERTERS) {
        const started = performance.now();
        const markdown = await converter.convert(bytes);
        const t = totals.get(converter.name)!;
        t.ms += performance.now() - started;
        t.pages += pages;
        t.scores.push(score(source, markdown));
      }
    }
  }
  return totals;
}

/** What `bench/pdf/run_one.ts` reports. */
export interface Run {
  pages: number;
  ms: number;
  cpuSeconds: number;
  peakRssMb: number;
}

/** Runs `bench/pdf/run_one.ts` in a fresh process. */
export async function runOne(mode: string, file: string): Promise<Run> {
  const script = new URL("./pdf/run_one.ts", import.meta.url).pathname;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script, mode, file],
    stdout: "piped",
    stderr: "null",
  }).output();
  if (!output.success) throw new Error(`run_one ${mode} ${file} failed`);
  return JSON.parse(new TextDecoder().decode(output.stdout).trim().split("\n").pop()!);
}

/**
 * Speed and memory on the R manuals: pages per wall-clock second and per
 * CPU second (steadier on a shared machine), best of `rounds` fresh runs.
 */
async function manuals(rounds: number) {
  const dir = "/usr/share/R/doc/manual";
  const files = ["R-intro.pdf", "R-exts.pdf", "fullrefman.pdf"].map((f) => `${dir}/${f}`);
  const present = files.filter((f) => {
    try {
      return Deno.statSync(f).isFile;
    } catch {
      return false;
    }
  });
  if (present.length === 0) {
    console.log("\nR manuals not found: `apt-get install r-doc-pdf` to measure speed on them.");
    return;
  }
  const best = async (mode: string, file: string) => {
    const runs: Run[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await runOne(mode, file));
    return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  };
  const pps = (r: Run) => (r.pages / (r.ms / 1000)).toFixed(0);
  const ppc = (r: Run) => (r.pages / r.cpuSeconds).toFixed(0);
  console.log(`\nBest of ${rounds} runs each, in fresh processes.\n`);
  console.log(
    "| PDF | pages | pdf.js text only p/s (per CPU s) | ours p/s (per CPU s) | ours peak RSS MB | pdf2md p/s | pdf2md peak RSS MB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const file of present) {
    const text = await best("textonly", file);
    const ours = await best("ours", file);
    const other = ours.pages > 1000 ? null : await best("pdf2md", file);
    console.log(
      `| ${file.split("/").pop()} | ${ours.pages} | ${pps(text)} (${ppc(text)}) | ${pps(ours)} (${
        ppc(ours)
      }) | ${ours.peakRssMb} | ${other ? pps(other) : "not run"} | ${other ? other.peakRssMb : "–"} |`,
    );
  }
}

if (import.meta.main) {
  console.log("## All corpus PDFs\n");
  console.log(table(await scoreCorpus(["chromium", "libreoffice"])));
  console.log("\n## Chromium (tagged) only\n");
  console.log(table(await scoreCorpus(["chromium"])));
  console.log("\n## LibreOffice (untagged) only\n");
  console.log(table(await scoreCorpus(["libreoffice"])));
  if (!Deno.args.includes("--quick")) await manuals(3);
}
