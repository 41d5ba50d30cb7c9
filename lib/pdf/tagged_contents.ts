/**
 * A tagged contents list (`TOC`, its entries `TOCI`) is read as a list of its
 * entries, nested as its lists nest (`tagged.ts`), as an untagged contents
 * page is (`contents_page.ts`): its rows, a number, a title and a page number
 * apart, had read as aligned tables. An entry's page number (and the leaders
 * before it) means nothing once the text has no pages: it is dropped from the
 * end of the entry's last line. The rows the contents-page rule reads as
 * entries (it finds them by their page numbers, and a contents list's title
 * above them) come with a bullet, which the list's marker stands for.
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

/** Drops each tagged contents entry's page number and any bullet set before it (see the module comment). */
export function dropContentsPageNumbers(drafts: readonly Draft[]) {
  for (const draft of drafts) {
    const last = draft.lines.at(-1);
    if (draft.kind !== "list_item" || !last || !inContents(last)) continue;
    draft.lines[draft.lines.length - 1] = withoutPageNumber(last);
    draft.lines[0] = withoutBullet(draft.lines[0]!);
  }
}
