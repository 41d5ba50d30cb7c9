/**
 * How two lines of inline text meet where a line broke: with a space, straight
 * on (a URL, path or name broken after its slash, dot or dash; code a narrow
 * cell or LuaTeX broke; Chinese and Japanese, which set no spaces), or with a
 * typesetter's hyphen taken out, where the document's words tell a word's own
 * hyphen from one it broke at. Apart from reading a line's spans into pieces
 * and from writing the pieces as Markdown.
 *
 * @module
 */
import { brokenInsideCode } from "./code_word_breaks.ts";
import type { Lexicon } from "./lexicon.ts";
import { WORD_HYPHEN_AT_END } from "./line_end_runs.ts";
import { joinsWithoutSpace } from "./sentence_ends.ts";
import { slashWordHyphen } from "./slash_word_hyphens.ts";
import type { Line, Piece } from "./types.ts";

/** A line of prose ending in a URL written out, after a slash inside its path (`…/going/and/`). */
const URL_BROKEN_AT_SLASH = /(^|\s)\w+:\/\/\S+\/$/;

/** The rest of a URL's path opening a line: a segment and more of the path after it (`ever/index.html`). */
const URL_PATH_TAIL = /^[\w~%-]+[/.?#=&][\w~%/-]/;

/**
 * A host name broken after one of its dots (`latex-project.` / `org/publications/…`, a URL a bibliography
 * prints without its scheme): the next line opens with a top-level domain and the path after it.
 */
const HOST_BROKEN_AT_DOT = /(^|\s)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.$/u;
const HOST_TAIL = /^[a-z]{2,6}\/[\w~%-]/;

/** True when the end of `text` is a word broken by a hyphen. */
function endsHyphenated(text: string): boolean {
  return /\p{L}[-\u00ad\u2010]$/u.test(text);
}

/**
 * A word running on into a name's dot, slash or underscore (`lock.json`):
 * with no sign that a typesetter broke it (groff hyphenates `Op-`
 * `tions/flags` where the document writes `options`), a hyphen before it is
 * the name's own (`package-lock.json`).
 */
const NAME_TAIL = /^[\p{L}\p{N}]+[./_][\p{L}\p{N}]/u;

/**
 * A slash inside a word or path ending a line: an engine that breaks lines
 * at slashes (Pango, browsers) broke it there, where a space after it would
 * have been the break; so after a dotted name (`Node.js/` `zlib`). A slash after a word of a letter or
 * two standing alone is an abbreviation's (`w/` `white`), which a space follows.
 */
const SLASH_BREAK = /[\p{L}\p{N}]{3}\/$|[\p{L}\p{N}]\/[\p{L}\p{N}.-]*\/$|[\p{L}\p{N}]\.[\p{L}\p{N}]{2}\/$/u;

/**
 * True when a line ending in a slash runs on into the next without a space:
 * a URL written out, too long for its line, into the rest of its path
 * (`…/going/` `ever/index.html`, where a word after a site's address stays
 * apart), or a path or pair broken after its slash ({@linkcode SLASH_BREAK}:
 * `nodejs/` `node`, `text/` `plain`, `and/` `or`).
 */
function runsOnAfterSlash(last: Piece, first: Piece, lastText: string, next: string): boolean {
  if (!last.code && URL_BROKEN_AT_SLASH.test(lastText)) return URL_PATH_TAIL.test(next);
  return last.code === first.code && SLASH_BREAK.test(lastText) && /^[\p{L}\p{N}]/u.test(next);
}

/**
 * A line ending in an en dash set close up to the word before it (`Oct. 15–`, `Kármán–`): TeX breaks a
 * range or a pair after its dash, where no space stands, so the line after goes on without one (`15–20`).
 */
const EN_DASH_BREAK = /[\p{L}\p{N}]–$/u;

/**
 * A line ending in a word's hyphen after a digit (`utf-8-` / `validate`): no typesetter hyphenates after a
 * digit (TeX and troff give digits no hyphenation code), so the hyphen is the word's own and the word runs on.
 * The word is read back from the line's end (a lookbehind): matched forward, each letter of a long
 * token tried to reach the end, the square of its length.
 */
const DIGIT_HYPHEN_BREAK = /\p{N}-$(?<=\p{L}[\p{L}\p{N}-]*\p{N}-)/u;

/**
 * A word going on with a hyphen of its own (`and-egg`, `to-left`): the line
 * before broke a compound of three words or more at one of its hyphens (TeX
 * hyphenates no part of a word that holds a hyphen), so the hyphen ending
 * that line is the compound's too (`chicken-and-egg`), where the document
 * writes the word opening the next line on its own and not the compound
 * with the part joined (troff hyphenates inside a compound's parts:
 * `isomor-` / `phic-ws`).
 */
const COMPOUND_TAIL = /^\p{Ll}+(?:-[\p{L}\p{N}]+)+/u;

/** True when the hyphen ending `pieces` before `next` is the word's own, as the document or the name tells. */
function keepsOwnHyphen(pieces: readonly Piece[], next: string, words: Lexicon | undefined): boolean {
  const head = WORD_HYPHEN_AT_END.exec(pieces.slice(-3).map((p) => p.text).join("").trimEnd())?.[0].slice(
    0,
    -1,
  );
  const tail = /^[\p{L}\p{N}]+/u.exec(next)?.[0];
  if (!head || !tail) return false;
  if (NAME_TAIL.test(next) && !words?.(head + tail)) return true;
  if (slashWordHyphen(pieces.slice(-3).map((p) => p.text).join("").trimEnd())) return true;
  const compound = COMPOUND_TAIL.exec(next)?.[0];
  if (compound && words?.(tail) && !words(head + tail) && !words(head + compound)) return true;
  return !!words?.keepsHyphen?.(head, tail);
}

/**
 * True when code, or a word going on with a capital, broken after a hyphen
 * at a line's end is one word the typesetter hyphenated: the document uses
 * the word whole and never with that hyphen (`Type-` and `Script` where it
 * writes `TypeScript`). Otherwise the hyphen is the word's own (`glob-` and
 * `bin`, `Anglo-` and `Saxon`).
 */
function typesetterHyphen(before: string, after: string, words: Lexicon | undefined): boolean {
  const head = WORD_HYPHEN_AT_END.exec(before)?.[0].slice(0, -1);
  const tail = /^[\p{L}\p{N}]+/u.exec(after)?.[0];
  if (!words || !head || !tail) return false;
  return words(head + tail) && !words(`${head}-${tail}`);
}

/**
 * True when `pieces` end in inline code holding only an option's dashes,
 * prose before it: the code opens with them (`` `--pager` ``), broken at
 * their hyphen as LuaTeX breaks inline code. A code span does not open with
 * dashes and a space.
 */
function dashesOpenCode(pieces: readonly Piece[]): boolean {
  const last = pieces.at(-1), before = pieces.at(-2);
  return !!last?.code && /^-{1,2}$/.test(last.text.trim()) && !!before && !before.code;
}

/** True when `pieces` end in a hyphen of prose set right after inline code (`` `&`- ``). */
function codeThenHyphen(pieces: readonly Piece[], lastText: string): boolean {
  const before = pieces.at(-2);
  return lastText === "-" && !pieces.at(-1)!.code && !!before?.code && /\S$/.test(before.text);
}

/**
 * Joins lines into one run of inline Markdown.
 *
 * @param lines The lines, in order.

/** Where two lines meet: the lines, what the line before held, and the document's words. */
export interface LineBreak {
  /** The line opening after the break. */
  line: Line;
  /** The line before the break. */
  prevLine: Line | undefined;
  /** All the lines being joined. */
  lines: readonly Line[];
  /** Whether the line before held only an option's dashes (`-`, `--`). */
  dashesOnly: boolean;
  /** The document's words, to join code a typesetter hyphenated. */
  words: Lexicon | undefined;
}

/**
 * Joins the line opening with `first` to `pieces`, the pieces of the lines
 * before it: trims the spaces where the break runs on straight, takes out a
 * typesetter's hyphen, or pushes a space piece.
 */
export function joinLineBreak(pieces: Piece[], first: Piece, at: LineBreak): void {
  const last = pieces[pieces.length - 1]!;
  const next = first.text.trimStart();
  const lastText = last.text.trimEnd();
  const { line, prevLine, lines, dashesOnly, words } = at;
  // The last three pieces are joined only once the cheaper tests pass.
  if (
    /[-\u00ad\u2010]$/.test(lastText) && !last.code && /^\p{Ll}/u.test(next) &&
    endsHyphenated(pieces.slice(-3).map((p) => p.text).join("").trimEnd())
  ) {
    last.text = keepsOwnHyphen(pieces, next, words) ? lastText : lastText.slice(0, -1);
    first.text = next;
  } else if ((dashesOnly || dashesOpenCode(pieces)) && last.code && first.code && /^\p{L}/u.test(next)) {
    // An option's dashes alone on a line of code: a narrow cell broke the option after them (`-` `o`); or
    // opening the code at a line's end, after prose: LuaTeX broke it at its hyphens (`--` `pager=less`).
    first.text = next;
  } else if (
    (last.code && first.code && /[\p{L}\p{N}]-$/u.test(lastText)) ||
    (!last.code && /\p{L}-$/u.test(lastText) && /^\p{Lu}/u.test(next))
  ) {
    // Code, or a word going on with a capital, broken after a hyphen runs on without a space, the hyphen
    // kept unless a typesetter's.
    last.text = typesetterHyphen(lastText, next, words) ? lastText.slice(0, -1) : lastText;
    first.text = next;
  } else if (last.code && first.code && prevLine && brokenInsideCode(prevLine, line, lines)) {
    // A token of code too wide for its line, broken where it reached the line's end.
    last.text = lastText;
    first.text = next;
  } else if (codeThenHyphen(pieces, lastText) && /^\p{L}/u.test(next)) {
    // Inline code and a word joined by a hyphen (`&`-delimited): no typesetter hyphenates after code,
    // an engine broke the line at the text's own hyphen.
    last.text = lastText;
    first.text = next;
  } else if (
    runsOnAfterSlash(last, first, lastText, next) ||
    (last.code === first.code && HOST_TAIL.test(next) && HOST_BROKEN_AT_DOT.test(lastText)) ||
    (!last.code && !first.code && EN_DASH_BREAK.test(lastText) && /^[\p{L}\p{N}]/u.test(next)) ||
    (!last.code && !first.code && DIGIT_HYPHEN_BREAK.test(lastText) && /^\p{L}/u.test(next))
  ) {
    last.text = lastText;
    first.text = next;
  } else if (lastText.endsWith("\u00ad")) {
    last.text = lastText.slice(0, -1);
  } else if (!last.code && !first.code && joinsWithoutSpace(lastText, next)) {
    // Chinese and Japanese set no space between words: a line wrapped between two characters joins as one.
    last.text = lastText;
    first.text = next;
  } else {
    pieces.push({ text: " ", code: false });
  }
}
