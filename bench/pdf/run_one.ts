/**
 * Converts one PDF in a fresh process and prints `{pages, ms, peakRssMb}` as
 * JSON, so the bench can measure speed and peak memory of each engine alone.
 *
 *     deno run -A bench/pdf/run_one.ts ours|textonly|pdf2md FILE
 *
 * @module
 */
import * as pdf2mdModule from "@opendocsg/pdf2md";
import { convertPdf } from "../../lib/pdf/convert.ts";
import { openPdf } from "../../lib/pdf/load.ts";

/** `@opendocsg/pdf2md`'s default export, typed as it behaves (its typings declare a module shape). */
const pdf2md = (pdf2mdModule as unknown as {
  default: (pdf: Uint8Array, callbacks?: { pageParsed?: (pages: unknown[]) => void }) => Promise<string>;
}).default;

/** Peak resident set size of this process in MB (Linux), else the current RSS. */
function peakRssMb(): number {
  try {
    const status = Deno.readTextFileSync("/proc/self/status");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // not Linux
  }
  return Deno.memoryUsage().rss / 1024 / 1024;
}

/** pdf.js text extraction alone: the floor any converter on it pays. */
async function textOnly(bytes: Uint8Array): Promise<number> {
  const open = await openPdf(bytes, { maxBytes: Infinity });
  try {
    for (let n = 1; n <= open.doc.numPages; n++) {
      const page = await open.doc.getPage(n);
      await page.getTextContent();
      page.cleanup();
    }
    return open.doc.numPages;
  } finally {
    await open.close();
  }
}

if (import.meta.main) {
  const [mode, file] = Deno.args;
  const bytes = await Deno.readFile(file!);
  const started = performance.now();
  let pages: number;
  if (mode === "ours") {
    const result = await convertPdf(bytes, {
      limits: { maxBytes: Infinity, maxPages: Infinity, timeBudgetMs: Infinity },
    });
    pages = result.pageCharacters.length;
  } else if (mode === "textonly") {
    pages = await textOnly(bytes);
  } else if (mode === "pdf2md") {
    let count = 0;
    await pdf2md(bytes, { pageParsed: (parsed) => count = parsed.length });
    pages = count;
  } else throw new Error(`Unknown mode "${mode}": use ours, textonly or pdf2md`);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ pages, ms: Math.round(ms), peakRssMb: Math.round(peakRssMb()) }));
}
