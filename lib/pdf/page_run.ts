/**
 * Extracts a run of pages from an open document: text with geometry and
 * fonts, lines in reading order, warnings. A document may be split into runs
 * extracted on different threads; {@linkcode carryTreeShifts} and
 * {@linkcode joinRuns} put them back together exactly as one run over all the
 * pages would have produced them.
 *
 * @module
 */
import { UnprocessableError } from "../shared/errors.ts";
import { extractPage } from "./extract.ts";
import { readLinks } from "./links.ts";
import { createFontResolver, type FontResolver } from "./fonts.ts";
import { type CostGuard, dropObjectCache } from "./guard.ts";
import { buildLines, readingOrder } from "./layout.ts";
import { inlineDropCapitals } from "./drop_capitals.ts";
import { shapeHints, takeLevelRules } from "./shape_hint.ts";
import { shiftCarries, type ShiftState } from "./tree_id_shift.ts";
import { readBandsInTreeOrder } from "./tree_order.ts";
import type { PDFDocumentProxy } from "./load.ts";
import type { PageText, Tag } from "./types.ts";
import { append } from "./append.ts";

/** Characters of text found on a page. */
export interface PageCharacters {
  page: number;
  characters: number;
}

/** What a run of pages yields. */
export interface PageRun {
  pages: PageText[];
  pageCharacters: PageCharacters[];
  warnings: string[];
  /** Structure ids the run used, counted from 0. */
  ids: number;
  /** Where the run's tree id shifts began and the shift it hands on (`tree_id_shift.ts`), in a tagged document. */
  treeShift?: ShiftState;
}

/** Options for {@linkcode extractRun}. */
export interface RunOptions {
  /** Read the structure tree (a tagged PDF). */
  tagged: boolean;
  /** Reports what the document costs; checked after every page. */
  guard: CostGuard;
  /** Called before each page; throws to stop (time budget, cancellation). */
  beforePage(done: number): void;
  /** Longest stretch of work in milliseconds before yielding to the event loop (default: never yield). */
  sliceMs?: number;
  /**
   * Fonts already resolved in this document, for a run after others of the
   * same open document (default: a new resolver). Resolving a font the
   * resolver has not met parses a page for drawing, so runs of one document
   * share one.
   */
  fonts?: FontResolver;
  /** The shift the pages before the run hand on to its first tagged page (`tree_id_shift.ts`), where known. */
  treeShift?: number;
}

/**
 * Pages after which pdf.js' cache of parsed objects is emptied again: what
 * one stretch of pages parsed (their dictionaries, resources, annotations)
 * is seldom read by the next, and kept it would grow with the document.
 */
const DROP_CACHE_PAGES = 200;

/** Opens page `number`, mapping a broken page tree to a 422. */
async function openPage(doc: PDFDocumentProxy, number: number, guard: CostGuard) {
  try {
    return await doc.getPage(number);
  } catch (error) {
    guard.check();
    const reason = (error as { message?: string })?.message?.replace(/\.$/, "") ?? "unknown error";
    throw new UnprocessableError(`Corrupt PDF: page ${number} cannot be read: ${reason}`, { cause: error });
  }
}

/**
 * Extracts `numbers` (1-based, ascending) from `doc`.
 *
 * @throws {UnprocessableError} A cost cap was breached or a page cannot be read.
 */
export async function extractRun(
  doc: PDFDocumentProxy,
  numbers: readonly number[],
  options: RunOptions,
): Promise<PageRun> {
  const { guard } = options;
  const links = await readLinks(doc, numbers).catch(() => new Map());
  guard.check();
  dropObjectCache();
  const fonts = options.fonts ?? createFontResolver();
  const ids = { next: 0 };
  const treeShift: ShiftState = options.treeShift === undefined ? {} : { next: options.treeShift };
  const run: PageRun = { pages: [], pageCharacters: [], warnings: [], ids: 0 };
  let sliceStart = performance.now();
  for (const number of numbers) {
    options.beforePage(run.pages.length);
    guard.startPage();
    const page = await openPage(doc, number, guard);
    const extracted = await extractPage(page, {
      fonts,
      tagged: options.tagged,
      ids,
      treeShift,
      links: links.get(number) ?? [],
      shapeHints,
      levelRules: takeLevelRules,
    })
      .finally(() => guard.check());
    page.cleanup();
    if (run.pages.length % DROP_CACHE_PAGES === DROP_CACHE_PAGES - 1) dropObjectCache();
    const characters = extracted.spans.reduce((n, s) => n + s.text.trim().length, 0);
    run.pageCharacters.push({ page: number, characters });
    if (characters === 0) {
      run.warnings.push(`Page ${number} has no text layer: scanned image or blank page, OCR not supported`);
    }
    if (extracted.rotatedCharacters > 0) {
      run.warnings.push(`Page ${number}: ${extracted.rotatedCharacters} characters of rotated text left out`);
    }
    const lines = readBandsInTreeOrder(
      readingOrder(
        buildLines(inlineDropCapitals(extracted.spans), number),
        extracted.width,
        extracted.height,
      ),
    );
    const text: PageText = { page: number, width: extracted.width, height: extracted.height, lines };
    if (extracted.spacesRead) text.spacesRead = true;
    if (extracted.view) text.view = extracted.view;
    run.pages.push(text);
    if (options.sliceMs !== undefined && performance.now() - sliceStart > options.sliceMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
  run.ids = ids.next;
  if (treeShift.next !== undefined) run.treeShift = treeShift;
  return run;
}

/** A tag with every structure id moved up by `offset`. */
function shiftTag(tag: Tag, offset: number): Tag {
  const shifted: Tag = { ...tag, block: tag.block + offset };
  if (tag.listItem) shifted.listItem = { ...tag.listItem, id: tag.listItem.id + offset };
  if (tag.cell) shifted.cell = { ...tag.cell, table: tag.cell.table + offset };
  return shifted;
}

/**
 * Joins runs extracted in page order. Each run counted structure ids from 0;
 * later runs' ids move past those of the runs before, as one run would have
 * numbered them.
 */
export function joinRuns(runs: readonly PageRun[]): PageRun {
  if (runs.length === 1) return runs[0]!;
  const joined: PageRun = { pages: [], pageCharacters: [], warnings: [], ids: 0 };
  for (const run of runs) {
    const offset = joined.ids;
    for (const page of run.pages) {
      if (offset > 0) {
        for (const line of page.lines) {
          line.spans = line.spans.map((span) =>
            span.tag ? { ...span, tag: shiftTag(span.tag, offset) } : span
          );
        }
      }
      joined.pages.push(page);
    }
    append(joined.pageCharacters, run.pageCharacters);
    append(joined.warnings, run.warnings);
    joined.ids += run.ids;
  }
  return joined;
}

/** What {@linkcode carryTreeShifts} reads of a run: its pages, and where its tree id shifts began and ended. */
export type RunShifts = Pick<PageRun, "pageCharacters" | "treeShift">;

/**
 * Carries the tree id shift (`tree_id_shift.ts`) over runs extracted apart:
 * a run read its first tagged page's shift from that page alone, where one
 * run over all the pages gives it the one the pages before hand on, and on a
 * tie the two differ (and so does every page counted on from it). Walks
 * `runs` in page order and extracts again, by `extract` given the pages and
 * the shift carried to them, each run whose start takes another shift with
 * the one carried. Resolves with the runs extracted again, by first page.
 */
export async function carryTreeShifts(
  runs: readonly RunShifts[],
  extract: (pages: number[], shift: number) => Promise<PageRun>,
): Promise<Map<number, PageRun>> {
  const again = new Map<number, PageRun>();
  let carried: number | undefined;
  for (const run of runs) {
    let shifts = run.treeShift;
    if (carried !== undefined && shifts?.start && !shiftCarries(shifts.start, carried)) {
      const pages = run.pageCharacters.map((p) => p.page);
      const read = await extract(pages, carried);
      again.set(pages[0]!, read);
      shifts = read.treeShift;
    }
    carried = shifts?.next ?? carried;
  }
  return again;
}
