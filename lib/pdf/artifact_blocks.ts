/**
 * Untagged content a tagged PDF marks as an artifact. Content marked
 * `Artifact` is page furniture and is left out, but LuaTeX's tagging code
 * (TeX Live 2022) marks everything it does not tag as an artifact: besides
 * running lines and page numbers, the content its tagging does not handle
 * yet, such as a `longtable`. The same table set by pdfTeX is left unmarked,
 * and read as untagged text; LuaTeX's was lost whole. Furniture stands on
 * one baseline per marked sequence (a running line, a page number, a
 * contents entry's leader, a heading's number); one artifact sequence whose
 * words stand on two baselines or more is a block of the page's text, and
 * is read as untagged text. Where the page's structure tree tags a table,
 * though, the tagging handles tables, and a block it marks as an artifact is
 * the repetition of a table's head over a page turn (`longtable`'s
 * "(continued)" and header rows): furniture.
 *
 * @module
 */
import { holdsWord } from "./span_text.ts";
import type { Span } from "./types.ts";

/** Fewest baselines an artifact sequence's words stand on to be a block of text. */
const MIN_BLOCK_ROWS = 2;

/**
 * True when one artifact sequence's spans (in content order) are a block
 * of the page's text: words on {@linkcode MIN_BLOCK_ROWS} baselines or more.
 */
export function isArtifactBlock(spans: readonly Span[]): boolean {
  const rows: number[] = [];
  for (const span of spans) {
    if (!holdsWord(span.text)) continue;
    if (!rows.some((y) => Math.abs(y - span.y) <= span.size * 0.5)) rows.push(span.y);
    if (rows.length >= MIN_BLOCK_ROWS) return true;
  }
  return false;
}

/**
 * Sorts a page's artifact sequences: the spans of those that are blocks of
 * text (`isArtifactBlock`) are kept as untagged text, those of the others
 * are furniture.
 *
 * @param sequences Each artifact sequence's spans.
 * @param tablesTagged The page's structure tree tags a table cell.
 * @returns The spans read as text, and the spans left out.
 */
export function sortArtifacts(
  sequences: ReadonlyArray<readonly Span[]>,
  tablesTagged: boolean,
): { text: Set<Span>; furniture: Set<Span> } {
  const text = new Set<Span>();
  const furniture = new Set<Span>();
  for (const spans of sequences) {
    const into = !tablesTagged && isArtifactBlock(spans) ? text : furniture;
    for (const span of spans) into.add(span);
  }
  return { text, furniture };
}
