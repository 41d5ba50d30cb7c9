/**
 * A PDF pool worker: runs pdf.js and the conversion steps on its own thread,
 * one request at a time, answering each with one message. The pool
 * (`pool.ts`) sends the requests in {@linkcode WorkerRequest}, packed with the
 * PDF's bytes where they are needed (`wire.ts`), and may terminate this
 * thread at any moment (time budget, cancellation).
 *
 * @module
 */
import { isMainThread, parentPort } from "node:worker_threads";
import { ServiceError } from "../errors.ts";
import {
  checkProgress,
  type ConversionResult,
  type ConvertOptions,
  type DocumentPlan,
  finishConversion,
  planDocument,
  readDocumentOutline,
} from "./convert.ts";
import { type CostGuard, createCostGuard, installCostGuard } from "./guard.ts";
import type { PdfLimits } from "./limits.ts";
import { type OpenPdf, openPdf } from "./load.ts";
import { extractRun, joinRuns, type PageRun } from "./page_run.ts";
import { pack, unpack } from "./wire.ts";

/** What every request carries about the job. */
interface JobFields {
  limits: PdfLimits;
  /** When the job started, in ms since the epoch (threads share no other clock). */
  startedAt: number;
}

/** A request to a worker. */
export type WorkerRequest =
  /** Open the document (the bytes packed with the request) and keep it open; answers the plan. */
  | JobFields & { type: "plan"; options: Pick<ConvertOptions, "pages" | "useStructTree"> }
  /** Extract pages of the open document; with `finish`, answers the result, else keeps the run. */
  | JobFields & { type: "extract"; pages: number[]; finish: boolean; includePageBreaks: boolean }
  /** Open the document (the bytes packed with the request), extract `pages`, close it; answers the run. */
  | JobFields & { type: "extract_alone"; pages: number[]; tagged: boolean }
  /**
   * Join the kept run with the runs after it, finish; answers the result. The
   * runs come as the raw JSON other workers answered (packed with the request,
   * `lengths` bytes each), so the thread between never parses them.
   */
  | { type: "finish"; lengths: number[]; includePageBreaks: boolean };

/** An error as it crosses threads. */
export interface WorkerFailure {
  kind?: ServiceError["kind"];
  message: string;
}

/** A worker's answer. */
export type WorkerReply =
  | { type: "plan"; plan: DocumentPlan }
  /** A run of pages, as JSON in the bytes packed with the reply. */
  | { type: "run" }
  | { type: "extracted" }
  | { type: "result"; result: ConversionResult }
  | { type: "error"; error: WorkerFailure };

/**
 * The job this worker holds between requests: the open document until its
 * pages are extracted (then pdf.js' memory is given back before the structure
 * work), the plan, and the run kept to be joined.
 */
let job: { open?: OpenPdf; plan: DocumentPlan; guard: CostGuard; run?: PageRun } | undefined;

/** Closes the held document, keeping the plan and run. */
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Reads the runs packed one after another as JSON of `lengths` bytes each. */
function readRuns(bytes: Uint8Array, lengths: readonly number[]): PageRun[] {
  let at = 0;
  return lengths.map((length) => JSON.parse(decoder.decode(bytes.subarray(at, at += length))) as PageRun);
}

/** Opens `bytes` under a fresh cost guard. */
async function open(bytes: Uint8Array, limits: PdfLimits) {
  const guard = createCostGuard(limits);
  installCostGuard(guard);
  return { guard, open: await openPdf(bytes, limits) };
}

/** Extracts `pages`, stopping at the job's time budget. */
function extract(open: OpenPdf, guard: CostGuard, pages: number[], tagged: boolean, fields: JobFields) {
  return extractRun(open.doc, pages, {
    tagged,
    guard,
    beforePage: (done) =>
      checkProgress(undefined, fields.limits, Date.now() - fields.startedAt, done, pages.length),
  });
}

/** A reply and the bytes packed with it. */
type Answer = { reply: WorkerReply; bytes?: Uint8Array };

/** Serves one request. */
async function serve(request: WorkerRequest, bytes: Uint8Array): Promise<Answer> {
  switch (request.type) {
    case "plan": {
      await closeJob();
      const { guard, open: opened } = await open(bytes, request.limits);
      try {
        // The outline waits for the extraction: helpers start on their pages without waiting for it.
        const plan = await planDocument(opened.doc, request.options, request.limits, guard, {
          outline: false,
        });
        job = { open: opened, plan, guard };
        return { reply: { type: "plan", plan } };
      } catch (error) {
        await opened.close();
        throw error;
      }
    }
    case "extract": {
      if (!job?.open) throw new Error("No open document to extract from");
      const run = await extract(job.open, job.guard, request.pages, job.plan.tagged, request);
      job.plan.outline = await readDocumentOutline(job.open.doc);
      job.guard.check();
      await closeDocument();
      if (!request.finish) {
        job.run = run;
        return { reply: { type: "extracted" } };
      }
      return {
        reply: { type: "result", result: finishConversion(job.plan, run, request.includePageBreaks) },
      };
    }
    case "extract_alone": {
      await closeJob();
      const { guard, open: opened } = await open(bytes, request.limits);
      let run: PageRun;
      try {
        run = await extract(opened, guard, request.pages, request.tagged, request);
      } finally {
        await opened.close();
      }
      return { reply: { type: "run" }, bytes: encoder.encode(JSON.stringify(run)) };
    }
    case "finish": {
      if (!job?.run) throw new Error("No extracted run to finish");
      const run = joinRuns([job.run, ...readRuns(bytes, request.lengths)]);
      delete job.run;
      return {
        reply: { type: "result", result: finishConversion(job.plan, run, request.includePageBreaks) },
      };
    }
  }
}

/** Describes an error for the pool. */
function failure(error: unknown): WorkerFailure {
  if (error instanceof ServiceError) return { kind: error.kind, message: error.message };
  return { message: error instanceof Error ? error.message : String(error) };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on("message", async (buffer: ArrayBuffer) => {
    let answer: Answer;
    try {
      const { message, bytes } = unpack<WorkerRequest>(buffer);
      answer = await serve(message, bytes);
      if (answer.reply.type === "result") await closeJob();
    } catch (error) {
      await closeJob().catch(() => {});
      answer = { reply: { type: "error", error: failure(error) } };
    }
    const packed = pack(answer.reply, answer.bytes);
    port.postMessage(packed, [packed]);
  });
}
