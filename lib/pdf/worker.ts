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
  /** Join the kept run with `rest` (the runs after it), finish and close; answers the result. */
  | { type: "finish"; rest: PageRun[]; includePageBreaks: boolean };

/** An error as it crosses threads. */
export interface WorkerFailure {
  kind?: ServiceError["kind"];
  message: string;
}

/** A worker's answer. */
export type WorkerReply =
  | { type: "plan"; plan: DocumentPlan }
  | { type: "run"; run: PageRun }
  | { type: "extracted" }
  | { type: "result"; result: ConversionResult }
  | { type: "error"; error: WorkerFailure };

/** The job this worker holds between requests. */
let job: { open: OpenPdf; plan: DocumentPlan; guard: CostGuard; run?: PageRun } | undefined;

/** Closes the held document. */
async function closeJob() {
  const held = job;
  job = undefined;
  await held?.open.close();
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

/** Serves one request. */
async function serve(request: WorkerRequest, bytes: Uint8Array): Promise<WorkerReply> {
  switch (request.type) {
    case "plan": {
      await closeJob();
      const { guard, open: opened } = await open(bytes, request.limits);
      try {
        const plan = await planDocument(opened.doc, request.options, request.limits, guard);
        job = { open: opened, plan, guard };
        return { type: "plan", plan };
      } catch (error) {
        await opened.close();
        throw error;
      }
    }
    case "extract": {
      if (!job) throw new Error("No open document to extract from");
      const run = await extract(job.open, job.guard, request.pages, job.plan.tagged, request);
      if (!request.finish) {
        job.run = run;
        return { type: "extracted" };
      }
      const result = finishConversion(job.plan, run, request.includePageBreaks);
      return { type: "result", result };
    }
    case "extract_alone": {
      await closeJob();
      const { guard, open: opened } = await open(bytes, request.limits);
      try {
        return { type: "run", run: await extract(opened, guard, request.pages, request.tagged, request) };
      } finally {
        await opened.close();
      }
    }
    case "finish": {
      if (!job?.run) throw new Error("No extracted run to finish");
      const run = joinRuns([job.run, ...request.rest]);
      return { type: "result", result: finishConversion(job.plan, run, request.includePageBreaks) };
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
    let reply: WorkerReply;
    try {
      const { message, bytes } = unpack<WorkerRequest>(buffer);
      reply = await serve(message, bytes);
      if (reply.type === "result") await closeJob();
    } catch (error) {
      await closeJob().catch(() => {});
      reply = { type: "error", error: failure(error) };
    }
    const packed = pack(reply);
    port.postMessage(packed, [packed]);
  });
}
