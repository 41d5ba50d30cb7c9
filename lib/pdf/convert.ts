/**
 * PDF → Markdown: opens the document, extracts each selected page's text with
 * geometry and fonts, orders it, drops page furniture, finds structure and
 * renders Markdown. Everything happens in memory.
 *
 * @module
 */
import { PayloadTooLargeError, ServiceError, UnprocessableError, UpstreamTimeoutError } from "../errors.ts";
import { extractPage, readLinks } from "./extract.ts";
import { createFontResolver } from "./fonts.ts";
import { removeFurniture } from "./furniture.ts";
import { buildLines, readingOrder } from "./layout.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "./limits.ts";
import { type OpenPdf, openPdf, type PDFDocumentProxy } from "./load.ts";
import { renderMarkdown } from "./markdown.ts";
import { parsePageRange } from "./page_range.ts";
import { documentStats } from "./stats.ts";
import { buildBlocks } from "./structure.ts";
import type { OutlineEntry, PageText } from "./types.ts";

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

/** Characters of text found on a page. */
export interface PageCharacters {
  page: number;
  characters: number;
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

/** Most outline entries reported. */
const OUTLINE_LIMIT = 2000;

/**
 * Longest stretch of work, in milliseconds, before letting other requests run.
 * A timer is the yield that lets network I/O through, and each costs about
 * 2 ms of idle time here, so slices are long enough to keep that small.
 */
const SLICE_MS = 50;

/**
 * Converts a PDF to Markdown.
 *
 * @param bytes The PDF file.
 * @param options Page selection, page markers, limits, cancellation.
 * @throws {InvalidInputError} Not a PDF, corrupt, password-protected, bad page selection.
 * @throws {PayloadTooLargeError} Over the size or page cap.
 * @throws {UnprocessableError} The time budget ran out.
 * @throws {UpstreamTimeoutError} `signal` aborted.
 */
export async function convertPdf(bytes: Uint8Array, options: ConvertOptions = {}): Promise<ConversionResult> {
  const limits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  const started = performance.now();
  checkSignal(options.signal);
  const open = await openPdf(bytes, limits);
  try {
    return await convertOpen(open, options, limits, started);
  } finally {
    await open.close();
  }
}

/** Throws when the caller cancelled. */
function checkSignal(signal: AbortSignal | undefined) {
  if (!signal?.aborted) return;
  if (signal.reason instanceof ServiceError) throw signal.reason;
  throw new UpstreamTimeoutError("PDF conversion cancelled: the request's time budget ran out", {
    cause: signal.reason,
  });
}

/** The conversion proper, on an open document. */
async function convertOpen(
  open: OpenPdf,
  options: ConvertOptions,
  limits: PdfLimits,
  started: number,
): Promise<ConversionResult> {
  const { doc } = open;
  const selected = parsePageRange(options.pages, doc.numPages);
  if (selected.length > limits.maxPages) {
    throw new PayloadTooLargeError(
      `Too many pages: ${selected.length} selected, the limit is ${limits.maxPages} per request; choose fewer with "pages"`,
    );
  }
  const [info, outline, markInfo, links] = await Promise.all([
    doc.getMetadata().catch(() => null),
    readOutline(doc).catch(() => []),
    doc.getMarkInfo().catch(() => null),
    readLinks(doc, selected).catch(() => new Map()),
  ]);
  const marked = markInfo instanceof Map
    ? markInfo.get("Marked")
    : (markInfo as { Marked?: unknown } | null)?.Marked;
  const tagged = (options.useStructTree ?? true) && marked === true;
  const fonts = createFontResolver();
  const ids = { next: 0 };
  const warnings: string[] = [];
  const pages: PageText[] = [];
  const pageCharacters: PageCharacters[] = [];
  let sliceStart = performance.now();
  for (const number of selected) {
    checkSignal(options.signal);
    if (performance.now() - started > limits.timeBudgetMs) {
      throw new UnprocessableError(
        `PDF conversion ran out of its ${
          limits.timeBudgetMs / 1000
        } s budget after ${pages.length} of ${selected.length} pages: choose fewer with "pages"`,
      );
    }
    const page = await doc.getPage(number);
    const extracted = await extractPage(page, { fonts, tagged, ids, links: links.get(number) ?? [] });
    page.cleanup();
    const characters = extracted.spans.reduce((n, s) => n + s.text.trim().length, 0);
    pageCharacters.push({ page: number, characters });
    if (characters === 0) {
      warnings.push(`Page ${number} has no text layer: scanned image or blank page, OCR not supported`);
    }
    if (extracted.rotatedCharacters > 0) {
      warnings.push(`Page ${number}: ${extracted.rotatedCharacters} characters of rotated text left out`);
    }
    const lines = readingOrder(buildLines(extracted.spans, number));
    pages.push({ page: number, width: extracted.width, height: extracted.height, lines });
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
  const clean = removeFurniture(pages).pages;
  const blocks = buildBlocks(clean, {
    stats: documentStats(clean),
    outline,
    pageBreaks: options.includePageBreaks ?? false,
  });
  const result: ConversionResult = {
    markdown: renderMarkdown(blocks),
    pages: doc.numPages,
    pageCharacters,
    warnings,
  };
  const meta = (info?.info ?? {}) as { Title?: unknown; Author?: unknown };
  const title = typeof meta.Title === "string" ? meta.Title.trim() : "";
  const author = typeof meta.Author === "string" ? meta.Author.trim() : "";
  if (title) result.title = title;
  if (author) result.author = author;
  if (outline.length) result.outline = outline;
  return result;
}

/** An outline node as pdf.js returns it (fields used here). */
interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** Flattens the outline, resolving each entry's page where possible. */
async function readOutline(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const roots = (await doc.getOutline()) as OutlineNode[] | null;
  const entries: OutlineEntry[] = [];
  const walk = async (nodes: OutlineNode[], level: number) => {
    for (const node of nodes) {
      if (entries.length >= OUTLINE_LIMIT) return;
      const entry: OutlineEntry = { title: node.title.replace(/\s+/g, " ").trim(), level };
      const page = await destinationPage(doc, node.dest).catch(() => undefined);
      if (page !== undefined) entry.page = page;
      if (entry.title) entries.push(entry);
      await walk(node.items ?? [], level + 1);
    }
  };
  await walk(roots ?? [], 1);
  return entries;
}

/** The 1-based page an outline destination points to. */
async function destinationPage(
  doc: PDFDocumentProxy,
  dest: OutlineNode["dest"],
): Promise<number | undefined> {
  const explicit = typeof dest === "string" ? await doc.getDestination(dest) : dest;
  const ref = explicit?.[0];
  if (ref === undefined || ref === null) return undefined;
  if (typeof ref === "number") return ref + 1;
  return (await doc.getPageIndex(ref as Parameters<PDFDocumentProxy["getPageIndex"]>[0])) + 1;
}
