/**
 * Converts one PDF in a fresh process and prints `{pages, ms, cpuSeconds, peakRssMb}` as
 * JSON, so the bench can measure speed and peak memory of each engine alone.
 *
 *     deno run -A bench/pdf/_run_one.ts ours|pool|pool-warm|worker-warm|textonly|textonly-warm-pool|pdf2md FILE
 *
 * `ours` converts on the main thread, `pool` on the service's worker pool
 * (as many workers as the service would start, started with the clock, large
 * documents split across them), `pool-warm` on that pool once its workers
 * have started and loaded pdf.js (a service past its first conversion),
 * `worker-warm` on a warm pool of one worker (what the default memory
 * budget starts: it splits no document).
 * `textonly` is stock pdf.js text extraction on one thread, `textonly-warm-pool`
 * the same on as many warm worker threads as the pool has, each opening the
 * document and taking the next chunk of pages as the pool's workers do: the
 * limit of any converter built on pdf.js on this machine's cores.
 *
 * @module
 */

import { Worker } from "node:worker_threads";

/** pdf.js' `getDocument`. */
type GetDocument = typeof import("pdfjs-dist/legacy/build/pdf.mjs").getDocument;

/** `@opendocsg/pdf2md`'s default export, typed as it behaves (its typings declare a module shape). */
type Pdf2md = (pdf: Uint8Array, callbacks?: { pageParsed?: (pages: unknown[]) => void }) => Promise<string>;

/** CPU seconds (user + system) this process has used (Linux), else NaN. */
function cpuSeconds(): number {
  try {
    const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

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

/** Sends one request to a `_text_worker.ts` thread, moving `transfer`; resolves with its answer. */
type Ask = (request: object, transfer?: ArrayBuffer[]) => Promise<unknown>;

/** Starts a `_text_worker.ts` thread; resolves once it has loaded pdf.js. */
function startTextThread(): Promise<Ask> {
  const worker = new Worker(new URL("./_text_worker.ts", import.meta.url));
  worker.unref();
  // One request at a time: the answer awaited, settled by the thread's next message or its failure.
  let awaited: { resolve(answer: unknown): void; reject(error: unknown): void } | undefined;
  worker.on("message", (message) => awaited?.resolve(message));
  worker.on("error", (error) => awaited?.reject(error));
  const answer = () => new Promise<unknown>((resolve, reject) => awaited = { resolve, reject });
  return answer().then(() => (request, transfer) => {
    const answered = answer();
    worker.postMessage(request, transfer);
    return answered;
  });
}

/**
 * Stock pdf.js text extraction alone, set up the usual way (its own
 * in-process worker): the baseline any converter built on it is compared with.
 */
async function textOnly(getDocument: GetDocument, bytes: Uint8Array): Promise<number> {
  const options = { data: bytes.slice(), isEvalSupported: false, disableFontFace: true, verbosity: 0 };
  const task = getDocument(options as Parameters<typeof getDocument>[0]);
  try {
    const doc = await task.promise;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      await page.getTextContent();
      page.cleanup();
    }
    return doc.numPages;
  } finally {
    await task.destroy();
  }
}

/**
 * The conversion of `mode`, returning the pages it converted. Each mode loads
 * only its own modules (before the clock starts), so none pays for another's
 * in its peak RSS.
 */
async function engine(mode: string): Promise<(bytes: Uint8Array) => Promise<number>> {
  const unbounded = { maxBytes: Infinity, maxPages: Infinity, timeBudgetMs: Infinity };
  switch (mode) {
    case "ours": {
      const { convertPdf } = await import("../../lib/pdf/convert.ts");
      return async (bytes) => (await convertPdf(bytes, { limits: unbounded })).pageCharacters.length;
    }
    case "pool": {
      const { createPdfService } = await import("../../lib/pdf/service.ts");
      return async (bytes) => {
        const service = createPdfService({ limits: unbounded });
        void service.pool.warm();
        const result = await service.pool.convert(bytes, { limits: service.limits });
        await service.pool.close();
        return result.pageCharacters.length;
      };
    }
    case "pool-warm":
    case "worker-warm": {
      const { createPdfService } = await import("../../lib/pdf/service.ts");
      // One worker as the default memory budget configures it (its heap ceiling included).
      const pool = mode === "worker-warm"
        ? (await import("../../lib/server/config/load.ts")).loadConfig({}).pdf.pool
        : {};
      const service = createPdfService({ limits: unbounded, pool });
      await service.pool.warm();
      return async (bytes) => {
        const result = await service.pool.convert(bytes, { limits: service.limits });
        await service.pool.close();
        return result.pageCharacters.length;
      };
    }
    case "textonly": {
      const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
      await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
      return (bytes) => textOnly(getDocument, bytes);
    }
    case "textonly-warm-pool": {
      const { DEFAULT_POOL_OPTIONS, chunkSize } = await import("../../lib/pdf/pool.ts");
      const threads = await Promise.all(
        Array.from({ length: DEFAULT_POOL_OPTIONS.workers }, () => startTextThread()),
      );
      return async (bytes) => {
        // Each thread gets its own copy as an ArrayBuffer, moved: a typed array in a message to a
        // `node:worker_threads` worker took Deno some 1.8 s and 250 MB to pass for this manual.
        const opened = await Promise.all(threads.map((ask) => {
          const copy = bytes.slice().buffer;
          return ask({ bytes: copy }, [copy]);
        }));
        const pages = Number(opened[0]);
        let next = 0;
        const extract = async (ask: Ask) => {
          while (next < pages) {
            const first = next + 1;
            next += chunkSize(pages - next, threads.length);
            await ask({ first, last: next });
          }
        };
        await Promise.all(threads.map(extract));
        await Promise.all(threads.map((ask) => ask({ close: true })));
        return pages;
      };
    }
    case "pdf2md": {
      const pdf2md = ((await import("@opendocsg/pdf2md")) as unknown as { default: Pdf2md }).default;
      return async (bytes) => {
        let count = 0;
        await pdf2md(bytes, { pageParsed: (parsed) => count = parsed.length });
        return count;
      };
    }
    default:
      throw new Error(
        `Unknown mode "${mode}": use ours, pool, pool-warm, worker-warm, textonly, textonly-warm-pool or pdf2md`,
      );
  }
}

if (import.meta.main) {
  const [mode, file] = Deno.args;
  const convert = await engine(mode!);
  const bytes = await Deno.readFile(file!);
  const started = performance.now();
  const cpuStart = cpuSeconds();
  const pages = await convert(bytes);
  const ms = performance.now() - started;
  const cpu = Math.round((cpuSeconds() - cpuStart) * 100) / 100;
  console.log(
    JSON.stringify({ pages, ms: Math.round(ms), cpuSeconds: cpu, peakRssMb: Math.round(peakRssMb()) }),
  );
}
