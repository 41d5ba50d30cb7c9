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
import { groupEnd, outsideVerbatim } from "./_latex_generated.ts";

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

/** A box's size as TeX's primitives give it (`\hbox to\parindent`, `\vbox spread 2pt`), before its group. */
const BOX_SIZE =
  /\\(?:[hv]box|vtop)\s*(?:to|spread)\s*-?(?:\d*\.?\d+\s*(?:pt|em|ex|in|cm|mm|bp|sp|pc|dd|cc)|\d*\.?\d*\s*\\[a-zA-Z@]+)\s*(?=\{)/g;

/** A `\rule` given an absolute width (and its raise and height). */
const SMALL_RULE = /\\rule\s*(?:\[[^\]]*\])?\s*\{\s*(\d*\.?\d+)\s*(pt|bp|sp|mm|em|ex)\s*\}\s*\{[^{}]*\}/g;

/** Points in one of each absolute unit `SMALL_RULE` reads (an em and an ex at ten-point type). */
const POINTS: Readonly<Record<string, number>> = {
  pt: 1,
  bp: 1.004,
  sp: 1 / 65536,
  mm: 2.845,
  em: 10,
  ex: 4.3,
};

/** An empty group for a rule narrower than two ems, which draws a mark in the line; a wider one as it is. */
function smallRule(rule: string, width: string, unit: string): string {
  return Number(width) * (POINTS[unit] ?? Infinity) < 20 ? "{}" : rule;
}

/**
 * A box given a size (`\hbox`, `\vbox` or `\vtop` `to` or `spread` a width) written as the group of its
 * content, outside verbatim text: the page prints only the content, and pandoc 2.17 reads the size as words
 * (amsldoc's error titles, set after `\hbox to\parindent{…}`, read `to Section numbers…`). An empty
 * group goes before it (pandoc would read the box's group as an argument of a command before it). A rule
 * narrower than two ems (`\rule[-.5pt]{2.5pt}{7.5pt}`, a mark drawn in the line, as amsldoc's error mark) is a
 * box too, which prints no text; pandoc reads any `\rule` as a thematic break.
 */
export function withBoxSizesRead(text: string): string {
  return outsideVerbatim(text, (part) => part.replace(BOX_SIZE, "{}").replace(SMALL_RULE, smallRule));
}

/**
 * `\lowercase` after `\lccode` assignments in a group, TeX's way to set a character that cannot be typed
 * where it stands (`` \lccode`@=`\}\lowercase{\endgroup\begin{error}{Missing @ inserted}} ``, a brace that would
 * unbalance the group).
 */
const LOWERCASE_TRICK =
  /\\begingroup\s*((?:\\lccode\s*`\\?.\s*=\s*`\\?.\s*)+)\\lowercase\s*\{\s*\\endgroup\b\s*/g;

/** One `\lccode` assignment: the character changed and the one it becomes. */
const LCCODE = /\\lccode\s*`\\?(.)\s*=\s*`\\?(.)/g;

/** Characters LaTeX reads as markup: set as text, each takes its backslash. */
const SPECIAL = /[{}#$%&_]/;

/** `body` as `\lowercase` gives it: each character by its code (`codes`, else A–Z lower-cased), commands kept. */
function lowercased(body: string, codes: ReadonlyMap<string, string>): string {
  return body.replace(/\\(?:[A-Za-z@]+|.)|[^\\]/gs, (token) => {
    if (token.startsWith("\\")) return token;
    const to = codes.get(token) ?? (/[A-Z]/.test(token) ? token.toLowerCase() : token);
    return to !== token && SPECIAL.test(to) ? `\\${to}` : to;
  });
}

/**
 * TeX's `\lowercase` trick written as what it prints, outside verbatim text: pandoc 2.17 reads neither
 * `\lccode` nor `\lowercase` and dropped what the group holds (amsldoc's `Missing } inserted` entry, its
 * example and explanation). The group's text is given each character its assigned code (a brace set as
 * text), every other capital letter lower-cased, as TeX does; commands keep their names.
 */
export function withLowercaseRead(text: string): string {
  return outsideVerbatim(text, (part) => {
    let out = "", last = 0;
    for (const trick of part.matchAll(LOWERCASE_TRICK)) {
      if (trick.index < last) continue;
      const end = groupEnd(part, trick.index + trick[0].lastIndexOf("{"));
      if (end < 0) continue;
      const codes = new Map([...trick[1]!.matchAll(LCCODE)].map((m) => [m[1]!, m[2]!] as [string, string]));
      out += part.slice(last, trick.index) +
        lowercased(part.slice(trick.index + trick[0].length, end - 1), codes);
      last = end;
    }
    return out + part.slice(last);
  });
}

/** A character LaTeX reads as markup, written as the text it prints. */
function typedCharacter(char: string): string {
  if (char === "\\") return "\\textbackslash{}";
  if (char === "~") return "\\textasciitilde{}";
  if (char === "^") return "\\textasciicircum{}";
  return `\\${char}`;
}

/**
 * The first argument of each of `environments` written as the text it prints, outside verbatim text: a class
 * may read an environment's argument with the backslash made an ordinary character and print it as typed
 * (the AMS documentation class' `error`, `{Missing \right. inserted}`), where pandoc reads its commands and
 * drops them (`Missing . inserted`). Backslashes and the other characters LaTeX reads as markup are written
 * as text.
 */
export function withLiteralArguments(text: string, environments: readonly string[]): string {
  if (environments.length === 0) return text;
  const names = environments.map((name) => name.replace(/[*]/g, "\\*")).join("|");
  const opening = new RegExp(`\\\\begin\\{(?:${names})\\}\\s*\\{`, "g");
  return outsideVerbatim(text, (part) => {
    let out = "", last = 0;
    for (const found of part.matchAll(opening)) {
      if (found.index < last) continue;
      const open = found.index + found[0].length - 1;
      const end = groupEnd(part, open);
      if (end < 0) continue;
      out += part.slice(last, open + 1) +
        part.slice(open + 1, end - 1).replace(/[\\{}#$%&_~^]/g, typedCharacter) +
        "}";
      last = end;
    }
    return out + part.slice(last);
  });
}
