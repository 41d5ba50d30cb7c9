/**
 * A float at the head of a page inside a paragraph broken by the turn. TeX
 * sets a figure or table where it fits, often at the top of the page after
 * the one its paragraph starts on; the paragraph's last line before the turn
 * and its first after it then have the float and its caption between them
 * (`… Sed diam turpis,` / figure, `Figure 1.1: …` / `molestie vitae, …`),
 * and the paragraph read as two. Where the blocks opening a page end with a
 * caption (`Figure 1.1:`, `Table 2:`) and the block after that caption runs
 * on from the last block of the page before, the paragraph is one and the
 * float follows it.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";

/** How many blocks a float at a page's head may make (the figure's own text, its sub-labels, its caption). */
const MOST_FLOAT_BLOCKS = 8;

/** A caption's label: a capitalised word, a number (`1`, `1.1`, `3a`) and a colon or full stop. */
const CAPTION_LABEL = /^\p{Lu}\p{Ll}+\.? \d+(?:\.\d+)*[a-z]?[:.]\s/u;

/** True when `draft` is a float's caption: a plain block opening with a caption's label. */
function isCaption(draft: Draft): boolean {
  return draft.kind === "text" && !draft.heading && CAPTION_LABEL.test(plainLineText(draft.lines[0]!));
}

/** How many blocks a table set under its caption may make: its parts (a wide table split in three) and its notes. */
const MOST_TABLE_BLOCKS = 6;

/**
 * How many blocks from `drafts[start]` are a table under its caption, as
 * journals set one: the caption first, then the table's parts and the
 * notes under it, set smaller than the text's `size`; 0 where the blocks
 * are no such float or the page ends in it.
 */
function tableUnderCaption(drafts: readonly Draft[], start: number, size: number): number {
  const page = drafts[start]!.page;
  if (!isCaption(drafts[start]!)) return 0;
  let k = 1;
  const onPage = (i: number) => drafts[i] !== undefined && drafts[i]!.page === page;
  while (k <= MOST_TABLE_BLOCKS && onPage(start + k) && drafts[start + k]!.kind === "table") k++;
  if (k === 1) return 0;
  const smaller = (d: Draft) => d.kind === "text" && !d.heading && d.lines.every((l) => l.size < size * 0.9);
  while (k <= MOST_TABLE_BLOCKS && onPage(start + k) && smaller(drafts[start + k]!)) k++;
  return onPage(start + k) ? k : 0;
}

/**
 * How many blocks from `drafts[start]`, the first block of a page, are a
 * float ending in its caption with the block after it running on from `prev`
 * (the last block of the page before, as `runsOn` tells); 0 where there is no
 * such float.
 */
export function floatBeforeRunOn(
  drafts: readonly Draft[],
  start: number,
  prev: Draft,
  runsOn: (prev: Draft, draft: Draft) => boolean,
): number {
  const page = drafts[start]!.page;
  const table = tableUnderCaption(drafts, start, prev.lines.at(-1)!.size);
  if (table > 0) return runsOn(prev, drafts[start + table]!) ? table : 0;
  for (let k = 1; k <= MOST_FLOAT_BLOCKS; k++) {
    const last = drafts[start + k - 1], next = drafts[start + k];
    if (!last || !next || last.page !== page || next.page !== page || last.heading) return 0;
    if (isCaption(last)) return runsOn(prev, next) ? k : 0;
  }
  return 0;
}
