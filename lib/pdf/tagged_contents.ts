/**
 * A tagged contents list (`TOC`, its entries `TOCI`) is read as a list of its
 * entries, nested as its lists nest (`tagged.ts`), as an untagged contents
 * page is (`contents_page.ts`): its rows, a number, a title and a page number
 * apart, had read as aligned tables. An entry's page number (and the leaders
 * before it) means nothing once the text has no pages: it is dropped from the
 * end of the entry's last line. The rows the contents-page rule reads as
 * entries (it finds them by their page numbers, and a contents list's title
 * above them) come with a bullet, which the list's marker stands for. A
 * contents list that nests no list (its sub-entries only set in) is nested by
 * its entries' indents, as an untagged one is.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { isMarkerOnly } from "./lists.ts";
import type { Line } from "./types.ts";

/** Leaders, then a page number (a draft's `?` before it), arabic or lower-case roman: a row's end, whole. */
const PAGE_NUMBER = /^\s*(?:(?:\.\s*){2,})?\?*(?:\d{1,4}|[ivxlcdm]{1,7})\s*$/;

/** Characters only leaders and a page number are made of. */
const PAGE_NUMBER_PART = /^[\s.?\divxlcdm]*$/;

/** True for a line of a contents entry. */
function inContents(line: Line): boolean {
  return line.spans.some((s) => s.tag?.contents);
}

/**
 * `line` without the spans ending it that hold only leaders and a page
 * number, where other text comes before them; as it is otherwise (a page
 * number inside the title's own run is not told from a title ending in a
 * number).
 */
function withoutPageNumber(line: Line): Line {
  let cut = -1;
  for (let k = line.spans.length - 1; k > 0; k--) {
    const tail = line.spans.slice(k).map((s) => s.text).join("");
    if (PAGE_NUMBER.test(tail)) cut = k;
    else if (!PAGE_NUMBER_PART.test(tail)) break;
  }
  const spans = line.spans.slice(0, cut);
  if (cut < 0 || !spans.some((s) => s.text.trim())) return line;
  const last = spans.at(-1)!;
  return { ...line, spans, x1: last.x + last.width };
}

/** `line` without the bullet an untagged contents page's entry is given (`contents_page.ts`): the list marks it. */
function withoutBullet(line: Line): Line {
  const [first, ...rest] = line.spans;
  return first && rest.length && isMarkerOnly(first.text.trim())
    ? { ...line, spans: rest, x0: rest[0]!.x }
    : line;
}

/** How far apart, in points, two entries' left edges stand to be set in differently. */
const INDENT_STEP = 2;
/** How far, in points, an entry may be set in from another of its column. */
const MOST_INDENT = 40;

/**
 * Nests the entries of a contents list that nests no list (every entry at
 * depth 0) by how far each is set in from the entries left of it in its
 * column: one level for each distinct indent between (a producer that sets
 * sub-entries in, in one `TOC`).
 */
function nestFlatList(items: readonly Draft[]) {
  if (items.some((d) => d.depth !== 0)) return;
  const left = (d: Draft) => d.lines[0]!.x0;
  for (const item of items) {
    const x = left(item);
    const indents = new Set(
      items.filter((d) => d.page === item.page && left(d) < x - INDENT_STEP && left(d) >= x - MOST_INDENT)
        .map((d) => Math.round(left(d) / INDENT_STEP)),
    );
    item.depth = indents.size;
  }
}

/**
 * Drops each tagged contents entry's page number and any bullet set before it, and nests the entries of a
 * list that nests none by their indents (see the module comment).
 */
export function dropContentsPageNumbers(drafts: readonly Draft[]) {
  const items: Draft[] = [];
  for (const draft of drafts) {
    const last = draft.lines.at(-1);
    if (draft.kind !== "list_item" || !last || !inContents(last)) continue;
    draft.lines[draft.lines.length - 1] = withoutPageNumber(last);
    draft.lines[0] = withoutBullet(draft.lines[0]!);
    items.push(draft);
  }
  nestFlatList(items);
}
