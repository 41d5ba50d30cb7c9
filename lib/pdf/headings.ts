/**
 * Heading levels. A short block set larger than body text, or in bold at
 * about body size, is a heading candidate; its style (size, weight) is ranked
 * against the other candidates' styles to give H1–H6. When the document has an
 * outline, candidates whose text matches an entry take the entry's depth and
 * the other styles are placed around those.
 *
 * @module
 */
import type { DocumentStats } from "./stats.ts";
import { sizeKey } from "./stats.ts";
import type { OutlineEntry } from "./types.ts";

/** What heading detection needs to know about a block of text. */
export interface HeadingCandidate {
  text: string;
  size: number;
  bold: boolean;
  italic: boolean;
  lineCount: number;
}

/** Style identity: size to the half point, weight and slant. */
function styleKey(c: HeadingCandidate): string {
  return `${sizeKey(c.size)}|${c.bold ? "b" : "r"}|${c.italic ? "i" : "u"}`;
}

/** Normalises heading text for matching against outline titles. */
export function matchKey(text: string): string {
  return text.toLowerCase().replace(/[\\*`_[\]()]/g, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** True when a block looks like a heading rather than body text. */
export function isHeadingCandidate(c: HeadingCandidate, stats: DocumentStats): boolean {
  const text = c.text.trim();
  if (!/[\p{L}\p{N}]/u.test(text) || text.length > 160 || c.lineCount > 3) return false;
  if (c.size >= stats.bodySize * 1.12) return true;
  return c.bold && c.size >= stats.bodySize * 0.6 && c.lineCount <= 2 && !/[.,;]$/.test(text) &&
    text.length <= 100;
}

/**
 * Assigns a level (1–6) to each candidate.
 *
 * @param candidates Heading candidates in document order.
 * @param outline The document outline, possibly empty.
 * @returns Levels, index-aligned with `candidates`.
 */
export function assignLevels(
  candidates: readonly HeadingCandidate[],
  outline: readonly OutlineEntry[],
): number[] {
  const firstSeen = new Map<string, number>();
  candidates.forEach((c, i) => {
    if (!firstSeen.has(styleKey(c))) firstSeen.set(styleKey(c), i);
  });
  const styles = [...firstSeen.keys()].sort((a, b) =>
    compareStyles(a, b) || firstSeen.get(a)! - firstSeen.get(b)!
  );
  const outlineLevel = new Map<string, number>();
  for (const entry of outline) {
    const key = matchKey(entry.title);
    if (key && !outlineLevel.has(key)) outlineLevel.set(key, entry.level);
  }
  const votes = new Map<string, Map<number, number>>();
  candidates.forEach((c) => {
    const level = outlineLevel.get(matchKey(c.text));
    if (level === undefined) return;
    const tally = votes.get(styleKey(c)) ?? new Map<number, number>();
    tally.set(level, (tally.get(level) ?? 0) + 1);
    votes.set(styleKey(c), tally);
  });
  const styleLevel = new Map<string, number>();
  for (const [style, tally] of votes) {
    styleLevel.set(style, [...tally].sort((a, b) => b[1] - a[1])[0]![0]);
  }
  placeUnmatchedStyles(styles, styleLevel);
  // An outline stops at some depth (TeX's at subsubsections): a heading left out of it whose style
  // the outline puts at that deepest level sits one level below it.
  const deepest = Math.max(0, ...outline.map((e) => e.level));
  return candidates.map((c) => {
    const exact = outlineLevel.get(matchKey(c.text));
    const style = styleLevel.get(styleKey(c));
    const below = exact === undefined && votes.has(styleKey(c)) && style === deepest ? deepest + 1 : undefined;
    return Math.min(6, Math.max(1, exact ?? below ?? style ?? 6));
  });
}

/**
 * Orders styles from most to least prominent: larger first, then bold. Styles
 * that tie are left to the caller, which ranks the one used first higher.
 */
function compareStyles(a: string, b: string): number {
  const [sa, wa] = a.split("|");
  const [sb, wb] = b.split("|");
  return Number(sb) - Number(sa) || (wa === wb ? 0 : wa === "b" ? -1 : 1);
}

/**
 * Gives styles without outline evidence a level from their rank: one below the
 * nearest more prominent style that has a level, or by rank when none has.
 */
function placeUnmatchedStyles(styles: readonly string[], styleLevel: Map<string, number>) {
  let previous = 0;
  for (const style of styles) {
    const known = styleLevel.get(style);
    if (known !== undefined) {
      previous = known;
      continue;
    }
    const next = previous + 1;
    styleLevel.set(style, Math.min(6, next));
    previous = next;
  }
}
