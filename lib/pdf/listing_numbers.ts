/**
 * Line numbers beside a listing (LaTeX's `listings` with `numbers=left`, an
 * editor's printout). They stand in a column of their own left of the code,
 * in the text's type rather than the code's, so a numbered listing read as a
 * table of two columns, number and inline code, its indentation lost. A run of
 * rows whose leftmost piece is a bare number, counting up, right-aligned with
 * the others, with only code beside it, is a numbered listing: the numbers are
 * dropped and the code lines stay where they stand, indentation and all. Such
 * a listing's background is painted line by line, each strip a shaded area
 * of its own; the strips of one run are one listing's, so its code lines take
 * the first strip's.
 *
 * @module
 */
import { readingRows } from "./contents_page.ts";
import { isCodeLine } from "./draft.ts";
import type { Line, PageText, Span } from "./types.ts";

/** Numbered rows that must run on for a numbered listing. */
const LEAST_ROWS = 3;
/** How far (points) the numbers' right edges may stray from each other. */
const ALIGN = 2;

/** The number a row's leftmost piece is, when the rest of the row is code; null otherwise. */
function lineNumber(row: readonly Line[]): { value: number; piece: Line } | null {
  const sorted = [...row].sort((a, b) => a.x0 - b.x0);
  const piece = sorted[0]!;
  const text = piece.spans.map((s) => s.text).join("").trim();
  if (!/^\d{1,5}$/.test(text) || piece.spans.some((s) => s.tag?.cell)) return null;
  if (!sorted.slice(1).every(isCodeLine)) return null;
  return { value: Number(text), piece };
}

/**
 * Removes the line numbers of numbered listings from some pages (see the
 * module's comment).
 *
 * @returns The pages, those without a numbered listing unchanged.
 */
export function dropLineNumbers(pages: readonly PageText[]): PageText[] {
  return pages.map((page) => {
    const rows = readingRows(page);
    const numbers = rows.map(lineNumber);
    const drop = new Set<Line>();
    const shadeOf = new Map<Line, number | undefined>();
    for (let i = 0; i < rows.length;) {
      let end = i + 1;
      if (numbers[i]) {
        while (end < rows.length && inStep(numbers[end - 1]!, numbers[end] ?? null)) end++;
        const run = rows.slice(i, end);
        if (
          run.length >= LEAST_ROWS && run.filter((r) => r.length > 1).length * 2 >= run.length &&
          countsByOne(numbers.slice(i, end) as Array<{ value: number }>)
        ) {
          const shade = run.flat().find((l) => !drop.has(l) && l !== numbers[i]!.piece)?.spans[0]?.shade;
          run.forEach((row, k) => {
            drop.add(numbers[i + k]!.piece);
            for (const line of row) if (line !== numbers[i + k]!.piece) shadeOf.set(line, shade);
          });
        }
      }
      i = end;
    }
    if (!drop.size) return page;
    const lines = page.lines.filter((l) => !drop.has(l)).map((line) =>
      shadeOf.has(line) ? { ...line, spans: line.spans.map((s) => withShade(s, shadeOf.get(line))) } : line
    );
    return { ...page, lines };
  });
}

/**
 * True when at least half the steps of a run of numbered rows are of one:
 * a listing numbers every row it sets, a blank one too, so the numbers of
 * rows one under the other count by one. A column of figures in a listing
 * (a table of percentiles: 10, 25, 50, 75) climbs by more.
 */
function countsByOne(run: ReadonlyArray<{ value: number }>): boolean {
  const ones = run.slice(1).filter((n, k) => n.value - run[k]!.value === 1).length;
  return ones * 2 >= run.length - 1;
}

/** True when `next` goes on counting from `last` (by one or more) with its right edge aligned. */
function inStep(last: { value: number; piece: Line }, next: { value: number; piece: Line } | null): boolean {
  return next !== null && next.value > last.value && Math.abs(next.piece.x1 - last.piece.x1) <= ALIGN;
}

/** A span on another shaded area (or on none). */
function withShade(span: Span, shade: number | undefined): Span {
  const out = { ...span };
  if (shade === undefined) delete out.shade;
  else out.shade = shade;
  return out;
}
