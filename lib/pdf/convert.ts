/**
 * PDF → Markdown: opens the document, extracts each selected page's text with
 * geometry and fonts, orders it, drops page furniture, finds structure and
 * renders Markdown. Everything happens in memory, on the calling thread: the
 * service runs it in pool workers (`pool.ts`), which use the same steps
 * ({@linkcode planDocument}, `extractRun`, {@linkcode finishConversion}) to
 * split a large document across threads.
 *
 * @module
 */
import {
  PayloadTooLargeError,
  ServiceError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../shared/errors.ts";
import { type CostGuard, createCostGuard, installCostGuard } from "./guard.ts";
import { rewriteContents } from "./contents_page.ts";
import { rewriteIndexes } from "./index_page.ts";
import { rewriteHangingEntries } from "./hanging_entries.ts";
import { carryColumns } from "./column_carry.ts";
import { removeFurniture } from "./furniture.ts";
import { dropLineNumbers } from "./listing_numbers.ts";
import { dropSideIcons } from "./side_icons.ts";
import { dropWrapMarks } from "./wrap_marks.ts";
import { dropTitledRunningLines } from "./titled_running_lines.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
import { openPdf, type PDFDocumentProxy } from "./load.ts";
import { renderMarkdown } from "./markdown.ts";
import { uniqueNoteLabels, unmarkedNotesAsText } from "./note_labels.ts";
import { notesLast } from "./notes_last.ts";
import { captionsApart } from "./table_captions.ts";
import { extractRun, type PageCharacters, type PageRun } from "./page_run.ts";
import { readDocumentOutline } from "./outline_read.ts";
import { parsePageRange } from "./page_range.ts";
import { documentStats } from "./stats.ts";
import { buildBlocks } from "./structure.ts";
import { titledEntries } from "./untitled_entries.ts";
import type { Block, OutlineEntry } from "./types.ts";

export type { PageCharacters } from "./page_run.ts";

/** Options for {@linkcode convertPdf}. */
export interface ConvertOptions {
  /** Pages to convert, e.g. `"1-3,5"`; all when absent. */
  pages?: string;
  /** Mark each page's start with `<!-- page N -->`. */
  includePageBreaks?: boolean;
  /** Caps; defaults from {@linkcode DEFAULT_PDF_LIMITS}. */
  limits?: Partial<PdfLimits>;
  /** Cancels the conversion between pages. */
  signal?: AbortSignal;
  /** Read a tagged PDF's structure tree (default true). */
  useStructTree?: boolean;
}

/** The converted document. */
export interface ConversionResult {
  markdown: string;
  /** Pages in the document. */
  pages: number;
  title?: string;
  author?: string;
  outline?: OutlineEntry[];
  /** Characters of text per converted page. */
  pageCharacters: PageCharacters[];
  warnings: string[];
}

/** What is known of a document before its pages are read. */
export interface DocumentPlan {
  /** Pages in the document. */
  numPages: number;
  /** Pages to convert, 1-based, ascending. */
  selected: number[];
  /** Read the structure tree. */
  tagged: boolean;
  title?: string;
  author?: string;
  outline: OutlineEntry[];
  /** What was lost in reading the outline (see {@linkcode readDocumentOutline}). */
  outlineWarnings?: string[];
}

/**
 * Longest stretch of work, in milliseconds, before letting other work on the
 * thread run. A timer is the yield that lets I/O through, and each costs about
 * 2 ms of idle time, so slices are long enough to keep that small.
 */
const SLICE_MS = 50;

/**
 * Converts a PDF to Markdown on this thread.
 *
 * @param bytes The PDF file.
 * @param options Page selection, page markers, limits, cancellation.
 * @throws {InvalidInputError} Not a PDF, corrupt, password-protected, bad page selection.
 * @throws {PayloadTooLargeError} Over the size or page cap.
 * @throws {UnprocessableError} The time budget ran out, a cost cap was breached, a page cannot be read.
 * @throws {UpstreamTimeoutError} `signal` aborted.
 */
export async function convertPdf(bytes: Uint8Array, options: ConvertOptions = {}): Promise<ConversionResult> {
  const limits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  const started = performance.now();
  checkSignal(options.signal);
  const guard = createCostGuard(limits);
  installCostGuard(guard);
  const open = await openPdf(bytes, limits);
  let plan: DocumentPlan, run: PageRun;
  try {
    plan = await planDocument(open.doc, options, limits, guard);
    run = await extractRun(open.doc, plan.selected, {
      tagged: plan.tagged,
      guard,
      beforePage: (done) =>
        checkProgress(options.signal, limits, performance.now() - started, done, plan.selected.length),
      sliceMs: SLICE_MS,
    });
  } finally {
    // pdf.js' memory goes back before the structure work.
    await open.close();
  }
  return finishConversion(plan, run, options.includePageBreaks ?? false);
}

/** Throws when the caller cancelled. */
export function checkSignal(signal: AbortSignal | undefined) {
  if (!signal?.aborted) return;
  if (signal.reason instanceof ServiceError) throw signal.reason;
  throw new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: signal.reason,
  });
}

/** Throws when the caller cancelled or the time budget ran out, `done` of `total` pages in. */
export function checkProgress(
  signal: AbortSignal | undefined,
  limits: Pick<PdfLimits, "timeBudgetMs">,
  elapsedMs: number,
  done: number,
  total: number,
): void {
  checkSignal(signal);
  if (elapsedMs > limits.timeBudgetMs) {
    throw new UnprocessableError(
      `PDF conversion ran out of its ${
        limits.timeBudgetMs / 1000
      } s budget after ${done} of ${total} pages: choose fewer with "pages"`,
    );
  }
}

/**
 * Reads what is needed before the pages: the selection (checked against the
 * page cap), metadata, outline, and whether the document is tagged. With
 * `outline: false` the outline is left empty, to be read later with
 * {@linkcode readDocumentOutline} (only the structure work needs it, so a
 * split conversion reads it while other workers extract pages).
 *
 * @throws {InvalidInputError} Bad page selection.
 * @throws {PayloadTooLargeError} More pages selected than the cap.
 * @throws {UnprocessableError} A cost cap was breached.
 */
export async function planDocument(
  doc: PDFDocumentProxy,
  options: Pick<ConvertOptions, "pages" | "useStructTree">,
  limits: PdfLimits,
  guard: CostGuard,
  { outline: withOutline = true }: { outline?: boolean } = {},
): Promise<DocumentPlan> {
  const selected = parsePageRange(options.pages, doc.numPages);
  if (selected.length > limits.maxPages) {
    throw new PayloadTooLargeError(
      `Too many pages: ${selected.length} selected, the limit is ${limits.maxPages} per request; choose fewer with "pages"`,
    );
  }
  const [info, read, markInfo] = await Promise.all([
    doc.getMetadata().catch(() => null),
    withOutline ? readDocumentOutline(doc) : { outline: [], warnings: [] },
    doc.getMarkInfo().catch(() => null),
  ]);
  guard.check();
  const marked = markInfo instanceof Map
    ? markInfo.get("Marked")
    : (markInfo as { Marked?: unknown } | null)?.Marked;
  const plan: DocumentPlan = {
    numPages: doc.numPages,
    selected,
    tagged: (options.useStructTree ?? true) && marked === true,
    outline: read.outline,
  };
  if (read.warnings.length) plan.outlineWarnings = read.warnings;
  const meta = (info?.info ?? {}) as { Title?: unknown; Author?: unknown };
  const title = typeof meta.Title === "string" ? meta.Title.trim() : "";
  const author = typeof meta.Author === "string" ? meta.Author.trim() : "";
  if (title) plan.title = title;
  if (author) plan.author = author;
  return plan;
}

/** Drops page furniture, finds structure and renders the Markdown of the extracted pages. */
export function finishConversion(
  plan: DocumentPlan,
  run: PageRun,
  includePageBreaks: boolean,
): ConversionResult {
  // Untitled entries only place their headings (`untitled_entries.ts`): contents pages and the result list the rest.
  const titled = titledEntries(plan.outline);
  const clean = dropWrapMarks(dropSideIcons(
    dropLineNumbers(
      rewriteHangingEntries(rewriteIndexes(rewriteContents(
        carryColumns(removeFurniture(dropTitledRunningLines(run.pages, [plan.title, plan.author])).pages),
        titled,
      ))),
    ),
  ));
  const blocks = buildBlocks(clean, {
    stats: documentStats(clean),
    outline: plan.outline,
    pageBreaks: includePageBreaks,
  });
  // Notes after the text, unless pages are marked (each note stays on its page).
  const notesAfter = includePageBreaks ? (b: Block[]) => b : notesLast;
  const result: ConversionResult = {
    markdown: renderMarkdown(notesAfter(uniqueNoteLabels(unmarkedNotesAsText(captionsApart(blocks))))),
    pages: plan.numPages,
    pageCharacters: run.pageCharacters,
    warnings: (plan.outlineWarnings ?? []).concat(run.warnings),
  };
  if (plan.title) result.title = plan.title;
  if (plan.author) result.author = plan.author;
  if (titled.length) {
    result.outline = titled.map(({ title, level, page }) =>
      page === undefined ? { title, level } : { title, level, page }
    );
  }
  return result;
}
