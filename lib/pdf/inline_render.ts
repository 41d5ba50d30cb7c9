/**
 * Inline Markdown written from pieces of text: runs marked as code in
 * backticks, runs sharing a link as `[text](url)` (a URL written out as the
 * URL itself), a note's markup as it is, and the rest with Markdown's own
 * characters escaped. Apart from the joining of lines, which decides what
 * the pieces hold.
 *
 * @module
 */
import { SPACE_AT_END } from "./line_end_runs.ts";
import type { Piece } from "./types.ts";
import { greatest } from "./extremes.ts";

/** Characters {@linkcode escapeInline} may escape. */
const MARKUP = /[\\`*[\]_]/;

/** Escapes characters Markdown would read as markup. */
export function escapeInline(text: string): string {
  if (!MARKUP.test(text)) return text;
  return text
    .replace(/[\\`*[\]]/g, (c) => `\\${c}`)
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (m) => m.replace("_", "\\_"));
}

/** Renders pieces as inline Markdown, grouping neighbours with the same link or code marking. */
export function renderPieces(pieces: readonly Piece[]): string {
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

/** The spaces opening and ending `text`, which markup keeps outside its brackets or fences. */
function edgeSpaces(text: string): [lead: string, trail: string] {
  return [/^\s*/.exec(text)![0], SPACE_AT_END.exec(text)![0]];
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
  const [lead, trail] = edgeSpaces(inner);
  const rest = spelled.slice(target.length - at);
  const written = code ? `\`${url.slice(at)}${rest}\`` : `${escapeInline(url.slice(at))}${rest}`;
  return `${lead}${written}${trail}`;
}

/** Wraps text in a link, keeping surrounding spaces outside the brackets. */
function linkMarkdown(inner: string, url: string): string {
  const [lead, trail] = edgeSpaces(inner);
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
  const [lead, trail] = edgeSpaces(text);
  const body = text.trim();
  if (!body) return text;
  const longest = Math.max(0, greatest((body.match(/`+/g) ?? []).map((r) => r.length)));
  const fence = "`".repeat(longest + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${lead}${fence}${pad}${body}${pad}${fence}${trail}`;
}
