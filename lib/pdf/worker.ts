/**
 * A PDF pool worker: runs pdf.js and the conversion steps on its own thread,
 * one request at a time, answering each with one message. The pool
 * (`pool.ts`) sends the requests in {@linkcode WorkerRequest}, packed with the
 * PDF's bytes where they are needed (`thread_messages.ts`), and may terminate this
 * thread at any moment (time budget, cancellation).
 *
 * @module
 */
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { isMainThread, parentPort } from "node:worker_threads";
import {
  checkProgress,
  type ConversionResult,
  type ConvertOptions,
  type DocumentPlan,
  finishConversion,
  planDocument,
} from "./convert.ts";
import { createFontResolver, type FontResolver } from "./fonts.ts";
import { type CostGuard, createCostGuard, installCostGuard } from "./guard.ts";
import type { PdfLimits } from "./limits.ts";
import { type OpenPdf, openPdf, preloadPdfJs } from "./load.ts";
import { carryTreeShifts, extractRun, joinRuns, type PageRun } from "./page_run.ts";
import { readDocumentOutline } from "./outline_read.ts";
import { decodeRun, decodeRunShifts, encodeRun } from "./run_codec.ts";
import { LARGE_DOCUMENT_PAGES } from "./memory.ts";
import { describeFailure, pack, type Packed, type ThreadFailure, unpack } from "./thread_messages.ts";

/** What every request carries about the job. */
interface JobFields {
  limits: PdfLimits;
  /** When the job started, in ms since the epoch (threads share no other clock). */
  startedAt: number;
}

/** A request to a worker. */
export type WorkerRequest =
  /** Load pdf.js ahead of the first document, so that document's opening does not compile it. */
  | { type: "warm" }
  /**
   * Open the document (the bytes packed with the request) and keep it open;
   * answers the plan, without the outline (helpers start on their pages
   * without waiting for it).
   */
  | JobFields & { type: "plan"; options: Pick<ConvertOptions, "pages" | "useStructTree"> }
  /** Open the document (the bytes packed with the request) and keep it open, to extract pages for another worker. */
  | JobFields & { type: "open" }
  /** Read the open document's outline into the plan. */
  | { type: "outline" }
  /**
   * Extract `pages` of the open document, `done` of `total` selected pages
   * being handed out before them; with `keep`, keeps the run to finish with,
   * else answers it encoded (`run_codec.ts`) in the bytes packed with the reply.
   */
  | JobFields & {
    type: "extract";
    pages: number[];
    tagged: boolean;
    keep: boolean;
    done: number;
    total: number;
  }
  /**
   * Close the open document, drop the job and collect the garbage it left;
   * not answered (requests sent after it wait for it).
   */
  | { type: "close" }
  /**
   * Close the document, join the kept runs with the runs other workers
   * extracted (packed with the request, `lengths` bytes each, as they
   * answered them) in page order, finish; answers the result.
   */
  | { type: "finish"; lengths: number[]; includePageBreaks: boolean };

/** An error as it crosses threads. */
export type WorkerFailure = ThreadFailure;

/** A worker's answer. */
export type WorkerReply =
  | { type: "plan"; plan: DocumentPlan }
  /**
   * The result; with `markdownInBytes`, its Markdown is the UTF-8 packed with
   * the reply (and `markdown` is empty): no JSON escaping on either side.
   */
  | { type: "result"; result: ConversionResult; markdownInBytes?: boolean }
  /** A run of pages, encoded in the bytes packed with the reply. */
  | { type: "run" }
  /** The request was served; nothing to answer. */
  | { type: "done" }
  | { type: "error"; error: WorkerFailure };

/**
 * The job this worker holds between requests: the open document until its
 * pages are extracted (then pdf.js' memory is given back before the structure
 * work), the plan (on the worker that finishes), and the runs kept to be joined.
 */
let job:
  | { open?: OpenPdf; plan?: DocumentPlan; guard: CostGuard; fonts: FontResolver; runs: PageRun[] }
  | undefined;

/** Closes the held document, keeping the plan and runs. */
async function closeDocument() {
  const open = job?.open;
  if (job) delete job.open;
  await open?.close();
}

/** Closes the held document and drops the job. */
async function closeJob() {
  await closeDocument();
  job = undefined;
}

/** Opens `bytes` under a fresh cost guard as the new job. */
async function openJob(bytes: Uint8Array, limits: PdfLimits) {
  await closeJob();
  const guard = createCostGuard(limits);
  installCostGuard(guard);
  // The file came in a buffer of its own, which pdf.js may take as it is.
  const open = await openPdf(bytes, limits, true);
  job = { open, guard, fonts: createFontResolver(), runs: [] };
  return job as typeof job & { open: OpenPdf };
}

/** The held job with its document open. */
function openedJob() {
  if (!job?.open) throw new Error("No open document");
  return job as typeof job & { open: OpenPdf };
}

/**
 * A full garbage collection, where the runtime lets one be asked for: V8
 * collects an idle thread's heap only when it next allocates, so a helper
 * done with a document would otherwise keep pdf.js' garbage resident (30–45
 * MB of the pool's peak RSS on the R reference manual) while the first
 * worker finishes. The worker that finishes asks for one only on a large
 * document ({@linkcode LARGE_DOCUMENT_PAGES}).
 */
const collectGarbage = exposeGc();

/** V8's `gc()`, exposed in a fresh context; undefined where that is not allowed. */
function exposeGc(): (() => void) | undefined {
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc");
    return typeof gc === "function" ? gc as () => void : undefined;
  } catch {
    return undefined;
  }
}

const encoder = new TextEncoder();

/** The runs packed one after another, `lengths` bytes each, still encoded. */
function splitRuns(bytes: Uint8Array, lengths: readonly number[]): Uint8Array[] {
  let at = 0;
  return lengths.map((length) => bytes.subarray(at, at += length));
}

/** The first page of a run (every run has at least one). */
function firstPage(run: Pick<PageRun, "pageCharacters">): number {
  return run.pageCharacters[0]?.page ?? 0;
}

/**
 * The runs of a tagged document, kept here and `encoded` by the other
 * workers, whose first tagged page takes another tree id shift with the one
 * the runs before hand on (`carryTreeShifts`), extracted again with it from
 * the document still open here, by first page. Only the runs' headers are
 * read, so the document's memory and the runs' objects are not held at once.
 */
function runsReadAgain(encoded: readonly Uint8Array[]): Promise<Map<number, PageRun>> {
  if (!job?.open || !job.plan?.tagged) return Promise.resolve(new Map());
  const { open, guard, fonts, runs } = job;
  const shifts = [...runs, ...encoded.map(decodeRunShifts)].sort((a, b) => firstPage(a) - firstPage(b));
  // The pool stops a conversion past its time budget by terminating this thread.
  return carryTreeShifts(
    shifts,
    (pages, treeShift) =>
      extractRun(open.doc, pages, { tagged: true, guard, fonts, beforePage() {}, treeShift }),
  );
}

/** A reply and the bytes packed with it. */
type Answer = { reply: WorkerReply; bytes?: Uint8Array };

/** Serves one request. */
async function serve(
  request: Exclude<WorkerRequest, { type: "close" }>,
  bytes: Uint8Array,
): Promise<Answer> {
  switch (request.type) {
    case "warm": {
      await preloadPdfJs();
      return { reply: { type: "done" } };
    }
    case "plan": {
      const { open, guard } = await openJob(bytes, request.limits);
      const plan = await planDocument(open.doc, request.options, request.limits, guard, { outline: false });
      job!.plan = plan;
      return { reply: { type: "plan", plan } };
    }
    case "open": {
      await openJob(bytes, request.limits);
      return { reply: { type: "done" } };
    }
    case "outline": {
      const { open, plan, guard } = openedJob();
      if (!plan) throw new Error("No plan to read the outline into");
      const read = await readDocumentOutline(open.doc);
      plan.outline = read.outline;
      if (read.warnings.length) plan.outlineWarnings = read.warnings;
      guard.check();
      return { reply: { type: "done" } };
    }
    case "extract": {
      const { open, guard, fonts, runs } = openedJob();
      const { pages, done, total, limits, startedAt } = request;
      const run = await extractRun(open.doc, pages, {
        tagged: request.tagged,
        guard,
        fonts,
        beforePage: (n) => checkProgress(undefined, limits, Date.now() - startedAt, done + n, total),
      });
      if (request.keep) {
        runs.push(run);
        return { reply: { type: "done" } };
      }
      return { reply: { type: "run" }, bytes: new Uint8Array(encodeRun(run)) };
    }
    case "finish": {
      if (!job?.plan) throw new Error("No planned document to finish");
      const encoded = splitRuns(bytes, request.lengths);
      const again = await runsReadAgain(encoded);
      await closeDocument();
      if (job.plan.selected.length >= LARGE_DOCUMENT_PAGES) collectGarbage?.();
      const runs = [...job.runs, ...encoded.map(decodeRun)].map((run) => again.get(firstPage(run)) ?? run);
      job.runs = [];
      runs.sort((a, b) => firstPage(a) - firstPage(b));
      const result = finishConversion(job.plan, joinRuns(runs), request.includePageBreaks);
      // UTF-8 would replace an unpaired surrogate: such Markdown goes as JSON.
      if (!result.markdown.isWellFormed()) return { reply: { type: "result", result } };
      const markdown = encoder.encode(result.markdown);
      return {
        reply: { type: "result", result: { ...result, markdown: "" }, markdownInBytes: true },
        bytes: markdown,
      };
    }
  }
}

/** Serves one packed request, answering it unless it is a `close`. */
async function handle(port: NonNullable<typeof parentPort>, packed: Packed) {
  let answer: Answer;
  try {
    const { message, bytes } = unpack<WorkerRequest>(packed);
    if (message.type === "close") {
      await closeJob();
      collectGarbage?.();
      return;
    }
    answer = await serve(message, bytes);
    if (answer.reply.type === "result") await closeJob();
  } catch (error) {
    await closeJob().catch(() => {});
    answer = { reply: { type: "error", error: describeFailure(error) } };
  }
  const reply = pack(answer.reply, answer.bytes);
  port.postMessage(reply, reply);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  // One request at a time, in order: a request sent after an unanswered `close` waits for it.
  let served = Promise.resolve();
  port.on("message", (packed: Packed) => {
    served = served.then(() => handle(port, packed));
  });
}
