/**
 * Running heads and feet that name the document: its title, its author, a
 * date beside them (Eisvogel's default head and foot). Repetition finds them
 * on a document of many pages (`furniture.ts`); on a document of one page
 * nothing repeats, so they read as text above the first heading and below
 * the last paragraph. A line in the page's top or bottom margin band, set no
 * larger than the text, whose words are the document's title or author (as
 * its metadata names them), with a date or page number set on its baseline
 * at the page's other side, is a running line: both are dropped. A title
 * alone on its row atop the page is the page's own title and stays.
 *
 * @module
 */
import { bodySize, lineText } from "./running_lines.ts";
import type { Line, PageText } from "./types.ts";

/** Share of the page height that counts as the top or bottom margin band. */
const BAND = 0.1;

/** What may stand beside the title or author in a running line: a date or a page number. */
const DATE_OR_NUMBER = /^[\d\s.,/\-\u2010\u2011\u2013]*$/;

/** True when `text` is one of `names` with at most a date or page number beside it. */
function namesDocument(text: string, names: readonly string[]): boolean {
  return names.some((name) => {
    const at = text.indexOf(name);
    return at >= 0 && DATE_OR_NUMBER.test(text.slice(0, at) + text.slice(at + name.length));
  });
}

/**
 * The pages without running lines that name the document.
 *
 * @param names The document's title and author from its metadata (empty ones are ignored).
 */
export function dropTitledRunningLines(
  pages: readonly PageText[],
  names: ReadonlyArray<string | undefined>,
): PageText[] {
  const known = names.map((n) => n?.replace(/\s+/g, " ").trim() ?? "").filter((n) => n.length >= 3);
  if (known.length === 0) return [...pages];
  const size = bodySize(pages);
  return pages.map((page) => {
    const inBand = (line: Line) =>
      (line.y < page.height * BAND || line.y > page.height * (1 - BAND)) && !line.spans.some((s) => s.tag);
    const ends = page.lines.filter((line) =>
      inBand(line) && /\d/.test(lineText(line)) && DATE_OR_NUMBER.test(lineText(line))
    );
    const drop = new Set<Line>();
    for (const line of page.lines) {
      if (!inBand(line) || line.size > size + 0.5 || !namesDocument(lineText(line), known)) continue;
      // The head's or foot's other end on the same baseline: a title alone atop a page is the page's own.
      const beside = ends.filter((end) => end !== line && Math.abs(end.y - line.y) <= 1);
      if (beside.length === 0) continue;
      drop.add(line);
      for (const end of beside) drop.add(end);
    }
    return drop.size === 0 ? page : { ...page, lines: page.lines.filter((line) => !drop.has(line)) };
  });
}
