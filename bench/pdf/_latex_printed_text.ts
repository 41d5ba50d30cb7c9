/**
 * Text a LaTeX source spells in ways pandoc's reader (2.17) misreads, written
 * as what the page prints: `\string` (pandoc cannot read it), TeX's line
 * breaks inside a paragraph (pandoc runs the words they part together), where
 * paragraphs end (`\noindent`, a break before a blank line) and
 * the ligature characters a source may type (a reference holds letters).
 * Verbatim text is left as it is: it prints what it holds.
 *
 * @module
 */
import { outsideVerbatim } from "./_latex_generated.ts";

/**
 * `\string` written as what it prints, outside verbatim text (pandoc cannot read it): `\string\begin` the
 * command's name with its backslash, `\string{` a brace, `\string[` the character (kept from opening an
 * optional argument). Documentation shows commands so (`{\tt\string\begin\{table\}}`, `\string\genfrac`).
 */
export function withStringsSpelled(text: string): string {
  const spelled = (part: string) =>
    part
      .replace(/\\string\s*\\([A-Za-z]+|.)/g, "\\textbackslash{}$1")
      .replace(/\\string\s*([{}])/g, "\\$1")
      .replace(/\\string\s*([^\\\s])/g, "{}$1");
  return outsideVerbatim(text, spelled);
}

/** TeX's line breaks within a paragraph: `\break`, `\linebreak[n]`, `\newline`. */
const LINE_BREAK = /\\(?:break|linebreak|newline)(?![a-zA-Z@])(?:\s*\[\d\])?\s*/g;

/**
 * A line break right after a slash (`…/styles/\newline oasics-v2021/…`): it breaks a path or an address
 * where a slash lets it, and parts no words, so it is no space.
 */
const SLASH_BREAK = /\/\\(?:break|linebreak|newline)(?![a-zA-Z@])(?:\s*\[\d\])?\s*/g;

/**
 * A line break inside a paragraph as the space between the words it parts: pandoc drops `\break`,
 * `\linebreak` and `\newline` and runs the words together (`the\break complex` read `thecomplex`); one
 * right after a slash is none (see {@linkcode SLASH_BREAK}). Outside verbatim text, where they are what the
 * listing shows.
 */
export function withLineBreaksAsSpaces(text: string): string {
  return outsideVerbatim(text, (part) => part.replace(SLASH_BREAK, "/").replace(LINE_BREAK, " "));
}

/** `\noindent`, which prints nothing. */
const NO_INDENT = /\\noindent(?![a-zA-Z@])[ \t]*/g;

/** A line break (`\\`, `\\*`, `\\[4pt]`) with a blank line after it: the paragraph ends there. */
const BREAK_BEFORE_PARAGRAPH_END = /\\\\\*?(?:\[[^\]\n]*\])?[ \t]*\n(?:[ \t]*\n)+/g;

/**
 * Where paragraphs end as the page prints them, outside verbatim text: pandoc 2.17 reads `\noindent` as
 * taking the group after it and drops it (the page prints the `x` of `\noindent{\tt x}`), and a line break that a blank line
 * follows as running the next paragraph on after a hard break (TeX ends the paragraph: the break prints only
 * an empty line's end). `\noindent` is dropped, and such a break is the paragraph's end.
 */
export function withParagraphEndsRead(text: string): string {
  return outsideVerbatim(
    text,
    (part) => part.replace(NO_INDENT, "").replace(BREAK_BEFORE_PARAGRAPH_END, "\n\n"),
  );
}

/** The Latin ligatures of Unicode's presentation forms (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ). */
const LIGATURES = /[\uFB00-\uFB06]/g;

/**
 * A ligature character a source types (`workﬂow`) as its letters: the page sets the same glyph whether the
 * source types the ligature or the letters (the font makes it), and a reference holds the text's letters.
 */
export function withLigaturesAsLetters(text: string): string {
  return text.replace(LIGATURES, (ligature) => ligature.normalize("NFKC"));
}
