/**
 * Inline Markdown from lines of spans: words spaced by their gaps, lines
 * joined and de-hyphenated, links as `[text](url)`, monospace runs as code
 * spans, and Markdown's own characters escaped.
 *
 * @module
 */
import { bracketsIntoCode } from "./code_brackets.ts";
import { brokenInsideCode } from "./code_word_breaks.ts";
import type { Lexicon } from "./lexicon.ts";
import type { Line, Piece, Span } from "./types.ts";
import { joinsWithoutSpace } from "./sentence_ends.ts";
import { SPACE_AT_END, WORD_HYPHEN_AT_END } from "./line_end_runs.ts";

/** A gap wider than this many ems between spans is a space. */
export const SPACE_EM = 0.15;

/** Characters {@linkcode escapeInline} may escape. */
const MARKUP = /[\\`*[\]_]/;

/** Escapes characters Markdown would read as markup. */
export function escapeInline(text: string): string {
  if (!MARKUP.test(text)) return text;
  return text
    .replace(/[\\`*[\]]/g, (c) => `\\${c}`)
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (m) => m.replace("_", "\\_"));
}

/** True for a UTF-16 code unit that `\s` matches in a regular expression. */
function isSpaceUnit(unit: number): boolean {
  return (unit >= 0x09 && unit <= 0x0d) || unit === 0x20 || unit === 0xa0 || unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) || unit === 0x2028 || unit === 0x2029 || unit === 0x202f ||
    unit === 0x205f || unit === 0x3000 || unit === 0xfeff;
}

/**
 * True when a space goes between two neighbouring spans of a line: neither
 * brings its own where they meet, and the gap between them is visible, or
 * the second starts half an em or more inside the first (a producer that
 * measured its words in other metrics than it drew them, justifying a line
 * of code, sets words over each other; the pieces of one word abut). A
 * note's number, which the structure tree labels and a typesetter sets close
 * up to the note's text, is a word of its own.
 */
function spacedApart(prev: Span, span: Span): boolean {
  const touching = isSpaceUnit(prev.text.charCodeAt(prev.text.length - 1)) ||
    isSpaceUnit(span.text.charCodeAt(0));
  const em = Math.min(prev.size, span.size), gap = span.x - (prev.x + prev.width);
  const labelEnds = noteLabel(prev) &&
    (!noteLabel(span) || (NOTE_LABEL.test(prev.text.trim()) && !NOTE_LABEL.test(span.text.trim())));
  return !touching && (labelEnds || gap > em * SPACE_EM || (gap < -em * 0.5 && span.x > prev.x + em * 0.5 &&
    onOneBaseline(prev, span)));
}

/**
 * True when two spans stand on one baseline. Words set over each other do; a
 * letter a typesetter raised or lowered into its neighbour does not: the
 * logos TeX and LaTeX draw (a small A raised under the L's arm, an E
 * lowered), kerned back by more than half the small letter's em, are one word.
 */
function onOneBaseline(prev: Span, span: Span): boolean {
  return Math.abs(span.y - prev.y) < Math.min(prev.size, span.size) * 0.1;
}

/** Text of spans on one line, spaced by their gaps. */
export function plainLineText(line: Line): string {
  let text = "";
  let prev: Span | undefined;
  for (const span of line.spans) {
    if (prev && spacedApart(prev, span)) text += " ";
    text += span.text;
    prev = span;
  }
  return text.trim();
}

/** True for the number opening a note, as the structure tree or the page's look (`plain_notes.ts`) tells it. */
function noteLabel(span: Span | undefined): boolean {
  return !!span?.tag?.noteLabel || span?.plainNote === "label";
}

/** What a note's own label is: a number, a reference symbol, a letter or two. */
const NOTE_LABEL = /^(?:\p{N}+|[*∗†‡§¶]+|\p{L}{1,2})$/u;

/**
 * A note's mark or label as Markdown's footnote syntax, where the structure
 * tree tells them: the mark the text sets as `[^1]`, the note's own number
 * opening its text as `[^1]:`; undefined for any other span.
 */
function noteMarkup(span: Span, prev: Span | undefined): string | undefined {
  const ref = !!span.tag?.noteRef || span.plainNote === "ref";
  if (!ref && !noteLabel(span)) return undefined;
  const number = span.text.trim();
  if (!number || !/^[\p{L}\p{N}*†‡§¶]+$/u.test(number)) return undefined;
  // A note's lead the tree tags whole (TeX Live 2022 files a note's mark and words in one piece): only a
  // mark-like first piece is its label, the words after it its text.
  if (noteLabel(span) && (noteLabel(prev) || !NOTE_LABEL.test(number))) return undefined;
  return ref ? `[^${number}]` : `[^${number}]:`;
}

/** Turns one line's spans into pieces, inserting spaces at visible gaps. */
function spanPieces(spans: readonly Span[], codeAllowed: boolean): Piece[] {
  const pieces: Piece[] = [];
  let prev: Span | undefined;
  for (const span of spans) {
    if (prev && spacedApart(prev, span)) pieces.push({ text: " ", code: false });
    const note = noteMarkup(span, prev);
    const piece: Piece = note ? { text: note, code: false, markup: true } : {
      text: span.text,
      code: codeAllowed && span.font.monospace,
    };
    if (span.link && !note) piece.link = span.link;
    pieces.push(piece);
    prev = span;
  }
  return codeAllowed ? bracketsIntoCode(pieces) : pieces;
}

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
 * @param options `code`: mark monospace runs as code spans (off inside code blocks); `words`: the
 *   document's words, to join code a typesetter hyphenated.
 */
export function inlineMarkdown(
  lines: readonly Line[],
  options: { code?: boolean; words?: Lexicon } = {},
): string {
  const pieces: Piece[] = [];
  let dashesOnly = false;
  let prevLine: Line | undefined;
  for (const line of lines) {
    const own = spanPieces(line.spans, options.code ?? true);
    const last = pieces[pieces.length - 1];
    const first = own[0];
    if (last && first) {
      const next = first.text.trimStart();
      const lastText = last.text.trimEnd();
      // The last three pieces are joined only once the cheaper tests pass.
      if (
        /[-\u00ad\u2010]$/.test(lastText) && !last.code && /^\p{Ll}/u.test(next) &&
        endsHyphenated(pieces.slice(-3).map((p) => p.text).join("").trimEnd())
      ) {
        last.text = keepsOwnHyphen(pieces, next, options.words) ? lastText : lastText.slice(0, -1);
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
        last.text = typesetterHyphen(lastText, next, options.words) ? lastText.slice(0, -1) : lastText;
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
    for (const piece of own) pieces.push(piece);
    prevLine = line;
    dashesOnly = /^-{1,2}$/.test(own.map((p) => p.text).join("").trim());
  }
  return render(pieces).replace(/\s+/g, " ").trim();
}

/** Renders pieces, grouping neighbours with the same link or code marking. */
function render(pieces: readonly Piece[]): string {
  let out = "";
  let i = 0;
  while (i < pieces.length) {
    const link = pieces[i]!.link;
    let j = i;
    while (
      j < pieces.length && (pieces[j]!.link === link || (isSpace(pieces[j]!) && pieces[j + 1]?.link === link))
    ) {
      j++;
    }
    const inner = renderCode(pieces.slice(i, j));
    out += link && inner.trim() ? linkMarkdown(spelledUrl(inner, link), link) : inner;
    i = j;
  }
  return out;
}

/** True for an inserted space piece. */
function isSpace(piece: Piece): boolean {
  return piece.text === " " && !piece.link;
}

/**
 * What a broken line leaves inside a URL written out: spaces, a hyphen, escapes; and a space where the
 * address has an underscore (TeX draws `\_` as a rule in its classic fonts, which reads back as a gap).
 */
const URL_BREAKS = /[\s\\_-]/g;

/**
 * A link's text that spells its own URL, written as the URL: a URL broken
 * over lines gains a space where it broke, or loses a hyphen taken for a
 * typesetter's. Punctuation after the URL that the link took in stays. A URL
 * set in typewriter type (LaTeX's `\url`) stays a code span.
 */
function spelledUrl(inner: string, url: string): string {
  const code = /^\s*`([^`]+)`\s*$/.exec(inner);
  const text = code ? code[1]!.trim() : inner.trim();
  const spelled = text.replace(URL_BREAKS, ""), target = url.replace(URL_BREAKS, "");
  if (!/^(https?:\/\/|www\.)/i.test(spelled) || text.includes("`")) return inner;
  const at = target.indexOf(spelled.slice(0, 8));
  if (
    at < 0 || !spelled.startsWith(target.slice(at)) || !/^[).,;:]*$/.test(spelled.slice(target.length - at))
  ) {
    return inner;
  }
  const lead = /^\s*/.exec(inner)![0], trail = SPACE_AT_END.exec(inner)![0];
  const rest = spelled.slice(target.length - at);
  const written = code ? `\`${url.slice(at)}${rest}\`` : `${escapeInline(url.slice(at))}${rest}`;
  return `${lead}${written}${trail}`;
}

/** Wraps text in a link, keeping surrounding spaces outside the brackets. */
function linkMarkdown(inner: string, url: string): string {
  const lead = /^\s*/.exec(inner)![0];
  const trail = SPACE_AT_END.exec(inner)![0];
  const target = url.replace(/[()\s]/g, (c) => encodeURIComponent(c));
  return `${lead}[${inner.trim()}](${target})${trail}`;
}

/** Renders pieces without links: code runs in backticks, the rest escaped. */
function renderCode(pieces: readonly Piece[]): string {
  let out = "";
  let i = 0;
  while (i < pieces.length) {
    const piece = pieces[i]!;
    if (!piece.code) {
      out += piece.markup ? piece.text : escapeInline(piece.text);
      i++;
      continue;
    }
    let j = i;
    let text = "";
    while (j < pieces.length && (pieces[j]!.code || (isSpace(pieces[j]!) && pieces[j + 1]?.code))) {
      text += pieces[j]!.text;
      j++;
    }
    out += codeSpan(text);
    i = j;
  }
  return out;
}

/** A code span with a fence longer than any backtick run inside. */
function codeSpan(text: string): string {
  const lead = /^\s*/.exec(text)![0];
  const trail = SPACE_AT_END.exec(text)![0];
  const body = text.trim();
  if (!body) return text;
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${lead}${fence}${pad}${body}${pad}${fence}${trail}`;
}
