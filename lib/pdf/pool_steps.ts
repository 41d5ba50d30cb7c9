/**
 * The steps of one conversion on the PDF pool (`pool.ts`), each a request to
 * its threads: helpers open the document while the primary plans it, every
 * thread takes chunks of pages in turn, and the primary joins them into the
 * Markdown. The pool decides how many threads; these steps only drive them.
 *
 * @module
 */
import type { ConversionResult, DocumentPlan } from "./convert.ts";
import type { PdfLimits } from "./limits.ts";
import { LARGE_DOCUMENT_PAGES } from "./memory.ts";
import type { PoolConvertOptions } from "./pool_options.ts";
import type { Thread } from "./pool_thread.ts";
import type { Helper, ThreadRoster } from "./pool_roster.ts";
import type { WorkerReply } from "./worker.ts";

/** Fewest pages a worker extracts at a time (unless fewer are left), and most. */
const MIN_CHUNK = 8, MAX_CHUNK = 128;

/**
 * Pages of the next chunk to hand out when `remaining` selected pages are
 * left for `workers` workers. Every worker takes the next chunk as soon as it
 * is free, so the work evens out however fast each one goes (a worker also
 * reads the outline, another opens the document late); chunks shrink as the
 * pages run out, so the workers end close together, and stay large enough
 * that what each chunk costs (a message, the page's link annotations, fonts
 * met again) is small beside its pages. One worker takes every page at once.
 */
export function chunkSize(remaining: number, workers: number): number {
  if (workers <= 1) return remaining;
  const even = Math.ceil(remaining / (2 * workers));
  return Math.min(remaining, Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, even)));
}

/** What every request of one conversion carries: its limits and when it started. */
export type ConversionFields = { limits: PdfLimits; startedAt: number };

/**
 * Idle helpers open the document while the primary plans it, as many as
 * `mayHelp(helping)` admits; only threads already running help: starting
 * one now would stall this thread (see `warmWhenQuiet`).
 */
export function openOnHelpers(
  roster: ThreadRoster,
  bytes: Uint8Array,
  fields: ConversionFields,
  used: Thread[],
  mayHelp: (helping: number) => boolean,
): Helper[] {
  const helpers: Helper[] = [];
  for (let thread = roster.size > 1 && mayHelp(0) ? roster.idleThread() : undefined; thread;) {
    used.push(thread);
    const opened = thread.request({ type: "open", ...fields }, bytes);
    opened.catch(() => {}); // awaited once the plan wants the helper
    helpers.push({ thread, opened });
    thread = helpers.length < roster.size - 1 && mayHelp(helpers.length) ? roster.idleThread() : undefined;
  }
  return helpers;
}

/** The primary's plan of the document: the pages selected, and whether it is tagged. */
export async function planDocument(
  primary: Thread,
  convert: PoolConvertOptions,
  fields: ConversionFields,
  bytes: Uint8Array,
): Promise<DocumentPlan> {
  const planned = await primary.request({
    type: "plan",
    options: { pages: convert.pages, useStructTree: convert.useStructTree },
    ...fields,
  }, bytes);
  return (planned.reply as { plan: DocumentPlan }).plan;
}

/**
 * Every worker takes the next chunk of pages when free; the primary keeps its
 * runs, the helpers answer theirs encoded, and the primary joins them all in
 * page order at the end. The helpers' runs stay encoded here until then: read
 * as objects (some 2.5 times their encoded size) while the primary's document
 * is still open, they raised the pool's peak on the R reference manual by
 * some 20 MB. Resolves with the helpers' encoded runs.
 */
export async function extractPages(
  roster: ThreadRoster,
  primary: Thread,
  helpers: Helper[],
  plan: DocumentPlan,
  fields: ConversionFields,
  used: Thread[],
): Promise<Uint8Array[]> {
  const pages = plan.selected.length;
  let next = 0;
  const encoded: Uint8Array[] = [];
  const extract = async (thread: Thread, keep: boolean) => {
    while (next < pages) {
      const done = next;
      next += chunkSize(pages - next, 1 + helpers.length);
      const answer = await thread.request({
        type: "extract",
        pages: plan.selected.slice(done, next),
        tagged: plan.tagged,
        keep,
        done,
        total: pages,
        ...fields,
      });
      if (!keep) encoded.push(answer.bytes);
    }
  };
  await Promise.all([
    // The outline is read by the primary while the helpers start on the pages.
    primary.request({ type: "outline" }).then(() => extract(primary, true)),
    // A helper done with its chunks closes the document (or stops) while the primary finishes.
    ...helpers.map(async (helper) => {
      await helper.opened;
      await extract(helper.thread, false);
      roster.dismiss(helper, used, pages >= LARGE_DOCUMENT_PAGES);
    }),
  ]);
  return encoded;
}

/** The primary joins its runs with the helpers' `encoded` ones and writes the Markdown. */
export async function finishConversion(
  primary: Thread,
  encoded: Uint8Array[],
  includePageBreaks: boolean,
): Promise<ConversionResult> {
  // The runs are packed into the request: the parts can go now.
  const finished = primary.request({
    type: "finish",
    lengths: encoded.map((run) => run.length),
    includePageBreaks,
  }, encoded);
  encoded.length = 0;
  const done = await finished;
  const { result, markdownInBytes } = done.reply as Extract<WorkerReply, { type: "result" }>;
  // The decoder keeps a leading byte-order mark, as the Markdown had it.
  if (markdownInBytes) result.markdown = new TextDecoder("utf-8", { ignoreBOM: true }).decode(done.bytes);
  return result;
}
