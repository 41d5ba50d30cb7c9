/**
 * PDF → Markdown bench. Scores our converter, `@opendocsg/pdf2md` and
 * OpenDataLoader PDF (when Java is installed) against the Markdown sources of
 * two corpora: the first corpus (documents written for it, rendered by
 * Chromium and LibreOffice) and the foreign corpus (package READMEs by other
 * authors, rendered by pdflatex in pandoc's paragraph style and in LaTeX's
 * default one, by wkhtmltopdf and by groff, in a tuning and a held-out part). Then it
 * measures pages per second and peak memory on Debian's R manuals when
 * installed (`apt-get install r-doc-pdf`).
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
import { CORPUS, type Engine, pdfUrl, sourceUrl } from "../tests/_support/pdf_corpus.ts";
import {
  FOREIGN,
  FOREIGN_ENGINES,
  type ForeignEngine,
  foreignPdfUrl,
  foreignSourceUrl,
} from "../tests/_support/pdf_foreign_corpus.ts";
import { haveJava, runOdl } from "./pdf/_odl.ts";
import { table, type Totals } from "../tests/_support/pdf_report.ts";
import { score } from "../tests/_support/pdf_score.ts";

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

/** A document to score: its Markdown source and one rendering. */
interface Doc {
  source: URL;
  pdf: URL;
}

/** Documents of the first corpus rendered by `engines`. */
function firstCorpus(engines: readonly Engine[]): Doc[] {
  return CORPUS.flatMap((doc) =>
    doc.engines.filter((e) => engines.includes(e)).map((e) => ({
      source: sourceUrl(doc.name),
      pdf: pdfUrl(doc.name, e),
    }))
  );
}

/** Documents of the foreign corpus, one part of it. */
function foreignCorpus(heldOut: boolean, engines: readonly ForeignEngine[] = FOREIGN_ENGINES): Doc[] {
  return FOREIGN.filter((d) => d.heldOut === heldOut).flatMap((doc) =>
    engines.map((e) => ({ source: foreignSourceUrl(doc.name), pdf: foreignPdfUrl(doc.name, e) }))
  );
}

/** Runs every converter, and OpenDataLoader when Java is there, over the documents. */
async function scoreDocs(docs: readonly Doc[], odl: boolean): Promise<Map<string, Totals>> {
  const totals = new Map<string, Totals>(CONVERTERS.map((c) => [c.name, { scores: [], ms: 0, pages: 0 }]));
  const batch = odl ? await runOdl(docs.map((d) => d.pdf.pathname)) : null;
  const odlTotals: Totals = { scores: [], ms: batch?.ms ?? 0, pages: 0 };
  for (const doc of docs) {
    const source = await Deno.readTextFile(doc.source);
    const bytes = await Deno.readFile(doc.pdf);
    const pages = (await convertPdf(bytes)).pages;
    for (const converter of CONVERTERS) {
      const started = performance.now();
      const markdown = await converter.convert(bytes);
      const t = totals.get(converter.name)!;
      t.ms += performance.now() - started;
      t.pages += pages;
      t.scores.push(score(source, markdown));
    }
    if (batch) {
      odlTotals.pages += pages;
      odlTotals.scores.push(score(source, batch.markdown.get(doc.pdf.pathname) ?? ""));
    }
  }
  if (batch) totals.set("OpenDataLoader", odlTotals);
  return totals;
}

/** What `bench/pdf/_run_one.ts` reports. */
export interface Run {
  pages: number;
  ms: number;
  cpuSeconds: number;
  peakRssMb: number;
}

/** Runs `bench/pdf/_run_one.ts` in a fresh process. */
export async function runOne(mode: string, file: string): Promise<Run> {
  const script = new URL("./pdf/_run_one.ts", import.meta.url).pathname;
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

/** How the bench names each producer of the foreign corpus. */
const ENGINE_NAMES: Record<ForeignEngine, string> = {
  "pdflatex": "pdflatex (pandoc's paragraph style)",
  "pdflatex-indent": "pdflatex (LaTeX's default paragraphs, 11 pt)",
  "wkhtmltopdf": "wkhtmltopdf",
  "groff": "groff (pandoc's ms through pdfroff and Ghostscript)",
};

if (import.meta.main) {
  const odl = await haveJava();
  if (!odl) {
    console.log("Java not found: OpenDataLoader PDF is left out (`apt-get install default-jre-headless`).\n");
  }
  const sections: Array<[string, Doc[]]> = [
    ["Foreign corpus, tuning part (pdflatex in both styles, wkhtmltopdf, groff)", foreignCorpus(false)],
    ["Foreign corpus, held-out part (pdflatex in both styles, wkhtmltopdf, groff)", foreignCorpus(true)],
    ...FOREIGN_ENGINES.map((engine): [string, Doc[]] => [
      `Foreign corpus, all, ${ENGINE_NAMES[engine]} only`,
      [...foreignCorpus(false, [engine]), ...foreignCorpus(true, [engine])],
    ]),
    ["First corpus, all PDFs", firstCorpus(["chromium", "libreoffice"])],
    ["First corpus, Chromium (tagged) only", firstCorpus(["chromium"])],
    ["First corpus, LibreOffice (untagged) only", firstCorpus(["libreoffice"])],
  ];
  for (const [title, docs] of sections) {
    console.log(`## ${title}\n`);
    console.log(table(await scoreDocs(docs, odl)));
    console.log("");
  }
  if (!Deno.args.includes("--quick")) await manuals(3);
}
