/**
 * A contents row read apart: its title, any dot leaders, its page number. The row is read back from its
 * end (the page number, a draft's `?` before it, the run of leaders and spaces), then the title is what
 * stands before: the answers of the one pattern
 * `/^(.*?\S)\s*((?:\.\s*){3,})?(?:\s+\?+\s*|\s+)(\d{1,4}|[ivxlcdm]{1,7})$/i` in time linear in the row.
 * That pattern, its title lazy and its leaders greedy, read the leaders again from each character of the
 * title: a row of one long run of dots took the square of its length.
 *
 * @module
 */

/** A contents row's parts: the title, its dot leaders (when three or more), the page number. */
export interface ContentsEntry {
  title: string;
  leaders: string | undefined;
  page: string;
}

const SPACE = /\s/;
const LINE_END = /[\n\r\u2028\u2029]/;
const DIGIT = /\d/;
const ROMAN = /[ivxlcdm]/i;
const PAGE_DIGITS = 4;
const PAGE_ROMAN = 7;

/** The start of the run of characters passing `test` that ends at `end`. */
function runStart(text: string, end: number, test: (c: string) => boolean): number {
  let at = end;
  while (at > 0 && test(text[at - 1]!)) at--;
  return at;
}

/** The start of the page number ending `text` (digits or a roman numeral), or -1. */
function pageStart(text: string): number {
  const last = text.at(-1) ?? "";
  const digits = DIGIT.test(last);
  if (!digits && !ROMAN.test(last)) return -1;
  const start = runStart(text, text.length, (c) => (digits ? DIGIT : ROMAN).test(c));
  return text.length - start <= (digits ? PAGE_DIGITS : PAGE_ROMAN) ? start : -1;
}

/**
 * The row's parts when the title ends in the run of dots and spaces ending at `end` (the page's start, or
 * a draft's `?` after a space), or null. The title is the shortest opening ending in a non-space character
 * after which the run holds no dot or three and more: it ends where the run starts, or after a dot of it.
 */
function partsBefore(text: string, page: number, end: number): ContentsEntry | null {
  const run = runStart(text, end, (c) => c === "." || SPACE.test(c));
  const dots: number[] = [];
  for (let i = run; i < end; i++) if (text[i] === ".") dots.push(i);
  let cut = run > 0 ? 0 : 1;
  while (cut <= dots.length && (dots.length - cut === 1 || dots.length - cut === 2)) cut++;
  if (cut > dots.length) return null;
  const title = text.slice(0, cut === 0 ? run : dots[cut - 1]! + 1);
  if (LINE_END.test(title)) return null;
  const first = dots[cut];
  // The leaders run from their first dot; the last space before the page (or the `?`) is not theirs.
  return {
    title,
    leaders: first === undefined ? undefined : text.slice(first, end - 1),
    page: text.slice(page),
  };
}

/** The row's title, dot leaders and page number, or null when it is no contents row. */
export function contentsEntry(text: string): ContentsEntry | null {
  const page = pageStart(text);
  if (page < 0) return null;
  const spaces = runStart(text, page, (c) => SPACE.test(c));
  if (text[spaces - 1] === "?") {
    // A draft's `?` set after a space before the page: the title ends before it when it can.
    const marks = runStart(text, spaces, (c) => c === "?");
    const parts = marks > 0 && SPACE.test(text[marks - 1]!) ? partsBefore(text, page, marks) : null;
    if (parts) return parts;
  }
  return page > 0 && SPACE.test(text[page - 1]!) ? partsBefore(text, page, page) : null;
}
