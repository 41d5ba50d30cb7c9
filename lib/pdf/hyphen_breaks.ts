/**
 * Whether a hyphen at the end of a line of prose is the word's own or a
 * typesetter's. TeX and troff hyphenate words to fill their lines; an HTML
 * engine without `hyphens: auto` (WeasyPrint, browsers' defaults) breaks a
 * line only at a hyphen the text has (`forward-` / `slashes`), which must be
 * kept. The document tells which by the breaks whose halves it also writes
 * elsewhere: `docu-` / `ment` where it writes `document` is a typesetter's
 * hyphenation; `cross-` / `env` where it writes `cross-env` is the word's
 * own hyphen. A typesetter that marks the hyphens it adds (LuaTeX's soft
 * hyphens) tells it outright: an unmarked one is the word's own.
 *
 * @module
 */
import { whollyMonospace } from "./fonts.ts";
import type { Line, PageText } from "./types.ts";
import { hyphenatesNoWord } from "./whole_word_breaks.ts";
import { LETTER_WORD_HYPHEN_AT_END } from "./line_end_runs.ts";

/** How many times a document writes a word (case-insensitive). */
type Uses = (word: string) => number;

/** A line's text, spans joined, without trailing space. */
function lineText(line: Line): string {
  return line.spans.map((s) => s.text).join("").trimEnd();
}

/** Fewest lines of prose ending together for a page's text to be justified. */
const JUSTIFIED_LINES = 3;

/** Least share of a page's full lines of prose ending together for its text to be justified. */
const JUSTIFIED_SHARE = 0.4;

/** Least width of a full line, as a share of the page's widest line of prose. */
const FULL_LINE = 0.6;

/**
 * True when a page's prose is justified: of its full lines (at least
 * {@linkcode FULL_LINE} of the widest), at least {@linkcode JUSTIFIED_LINES}
 * and {@linkcode JUSTIFIED_SHARE} of them end together (within a point) at
 * one right edge, a column's. Ragged lines end where their last word did,
 * over a word's width; an overfull line or a table may run past the edge.
 */
function justified(prose: readonly Line[]): boolean {
  const full = fullLines(prose);
  const ends = new Map<number, number>();
  for (const line of full) ends.set(Math.round(line.x1), (ends.get(Math.round(line.x1)) ?? 0) + 1);
  let most = 0;
  for (const [x, n] of ends) most = Math.max(most, n + (ends.get(x - 1) ?? 0) + (ends.get(x + 1) ?? 0));
  return most >= JUSTIFIED_LINES && most >= full.length * JUSTIFIED_SHARE;
}

/** A page's full lines of prose: at least {@linkcode FULL_LINE} of its widest. */
function fullLines(prose: readonly Line[]): Line[] {
  let widest = 0;
  for (const line of prose) widest = Math.max(widest, line.x1 - line.x0);
  return prose.filter((l) => l.x1 - l.x0 >= widest * FULL_LINE);
}

/** Fewest full lines of prose a page shows to tell it is ragged: twice what tells it is justified. */
const RAGGED_LINES = JUSTIFIED_LINES * 2;

/**
 * True when a document's prose is ragged throughout: no page is justified
 * and one at least shows enough full lines ({@linkcode RAGGED_LINES}) to
 * tell (a page of a few lines of prose between listings tells neither).
 */
function raggedThroughout(pages: readonly PageText[]): boolean {
  let ragged = false;
  for (const page of pages) {
    const prose = page.lines.filter((l) => !whollyMonospace(l));
    if (justified(prose)) return false;
    ragged ||= fullLines(prose).length >= RAGGED_LINES;
  }
  return ragged;
}

/**
 * True when a line of the document ends in a soft hyphen: the typesetter marks the hyphens it adds, as
 * LuaTeX does (the hyphen glyph mapped to U+00AD, or tagged as an artifact, `artifact_hyphens.ts`), so a
 * plain hyphen ending a line is the text's own (`math-` / `bold`).
 */
function marksItsHyphens(pages: readonly PageText[]): boolean {
  return pages.some((page) => page.lines.some((line) => lineText(line).endsWith("\u00ad")));
}

/** A word broken at a hyphen between two lines of prose, and whether its page is justified. */
interface HyphenBreak {
  head: string;
  tail: string;
  justified: boolean;
}

/**
 * The words broken at a hyphen between two lines of prose that follow each
 * other on a page: the word before the hyphen and the lower-case word
 * opening the next line.
 */
function hyphenBreaks(pages: readonly PageText[]): HyphenBreak[] {
  const breaks: HyphenBreak[] = [];
  for (const page of pages) {
    const prose = page.lines.filter((l) => !whollyMonospace(l));
    let flush: boolean | undefined;
    prose.forEach((line, i) => {
      const next = prose[i + 1];
      const head = next && LETTER_WORD_HYPHEN_AT_END.exec(lineText(line))?.[1];
      // The first span's word: inline code after it may stand a gap, not a space, away (`emits` `Ctrl+C`).
      const opening = next?.spans.find((s) => s.text.trim())?.text ?? "";
      const tail = head && /^\s*(\p{Ll}[\p{L}\p{N}]*)/u.exec(opening)?.[1];
      if (head && tail) breaks.push({ head, tail, justified: flush ??= justified(prose) });
    });
  }
  return breaks;
}

/**
 * The words broken only on ragged pages: a word broken alike on a justified
 * page too (a note repeated in boxes, `Pellen-tesque` each time) was broken
 * by the typesetter that justified it.
 */
function raggedOnly(
  breaks: readonly HyphenBreak[],
  key: (head: string, tail: string) => string,
): Set<string> {
  const justifiedKeys = new Set(breaks.filter((b) => b.justified).map((b) => key(b.head, b.tail)));
  return new Set(
    breaks.filter((b) => !b.justified).map((b) => key(b.head, b.tail)).filter((k) => !justifiedKeys.has(k)),
  );
}

/**
 * Whether a hyphen ending a line of prose before `tail` stays, for a
 * document. Where the document writes the two halves with the hyphen and
 * never without, it stays; where it writes them without and never with, it
 * goes. Otherwise it stays only in a document that hyphenates no word (no
 * break's halves are written joined elsewhere in its prose: an identifier in
 * code, `additionalProperties`, shows no typesetter at work), broken only on pages whose
 * prose is ragged (a typesetter hyphenates to fill justified lines), where a half is
 * a word the document writes elsewhere too: a compound's parts are words
 * (`forward-slashes`), a typesetter's syllables seldom (`motiva-tion`); or,
 * where the document's prose is ragged throughout, whatever its halves.
 *
 * @param uses How many times the document writes a word, hyphenated compounds counted whole.
 * @param proseUses The same, outside code.
 */
export function hyphenKeeper(
  pages: readonly PageText[],
  uses: Uses,
  proseUses: Uses = uses,
): (head: string, tail: string) => boolean {
  let ragged: Set<string> | undefined, neverJustified: boolean | undefined, unhyphenated: boolean | undefined;
  let marked: boolean | undefined;
  const key = (head: string, tail: string) => `${head}-${tail}`.toLowerCase();
  const own = (head: string, tail: string) => uses(`${head}-${tail}`) > 0 && uses(head + tail) === 0;
  const typesetIn = (count: Uses) => (head: string, tail: string) =>
    count(head + tail) > 0 && uses(`${head}-${tail}`) === 0;
  const typeset = typesetIn(uses), typesetInProse = typesetIn(proseUses);
  return (head, tail) => {
    if (own(head, tail)) return true;
    // A typesetter that marks the hyphens it adds (a soft hyphen) added no hyphen it left unmarked.
    marked ??= marksItsHyphens(pages);
    if (marked) return true;
    if (typeset(head, tail)) return false;
    if (ragged === undefined) {
      const breaks = hyphenBreaks(pages);
      ragged = breaks.some((b) => typesetInProse(b.head, b.tail)) ? new Set() : raggedOnly(breaks, key);
    }
    if (!ragged.has(key(head, tail))) return false;
    // Each half is written once at the break itself. Where the document's prose is ragged throughout, nothing
    // hyphenates to fill a line: an HTML engine or a word processor breaks only at the text's own hyphens
    // (`strongly-` / `typed`); and a typesetter that hyphenates no word broke at the word's own.
    if (uses(head) >= 2 || uses(tail) >= 2) return true;
    neverJustified ??= raggedThroughout(pages);
    return neverJustified || (unhyphenated ??= hyphenatesNoWord(pages));
  };
}
