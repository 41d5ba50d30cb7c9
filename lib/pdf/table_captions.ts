/**
 * Captions set inside their table. A long table repeats its caption as a row
 * of the table itself (LaTeX's `longtable` sets `\caption` as a row across
 * every column, which the tagging code files as the first row's header cell),
 * and a ruled frame may hold the caption under the last row. Written as a
 * table row, the caption became a header cell with every other cell empty.
 * A first or last row whose only text is its first cell, opening with a
 * caption's label (`Table A.1:`, `Table 3.`), is the caption: it is written as
 * a paragraph before or after the table.
 *
 * @module
 */
import type { Block } from "./types.ts";

/** A caption's label: a capitalised word (or its abbreviation), a number or letter with its parts, `:` or `.`. */
const CAPTION_LABEL = /^\p{Lu}\p{Ll}+\.?\s+(?:\p{Lu}|\d+)(?:[.\-–]\d+)*[:.]\s+\S/u;

/** The caption a row holds, or undefined. */
function captionOf(row: readonly string[] | undefined): string | undefined {
  const first = row?.[0]?.trim();
  if (!first || !CAPTION_LABEL.test(first) || row!.slice(1).some((c) => c.trim())) return undefined;
  return first;
}

/** `blocks` with each table's caption row written as a paragraph beside it (see the module comment). */
export function captionsApart(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (block.kind !== "table" || block.rows.length < 3) return [block];
    const { rows, page } = block;
    const above = captionOf(rows[0]), below = above ? undefined : captionOf(rows.at(-1));
    if (above) return [{ kind: "paragraph", text: above, page }, { ...block, rows: rows.slice(1) }];
    if (below) return [{ ...block, rows: rows.slice(0, -1) }, { kind: "paragraph", text: below, page }];
    return [block];
  });
}
