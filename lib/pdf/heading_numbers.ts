/**
 * Headings told by their section numbers. Where a document has neither an
 * outline nor tags and sets its headings at body size (a word processor's
 * styles, small capitals drawn from the body's own font), the weight may
 * say nothing; a line alone between paragraphs with more space above it
 * than a paragraph gets, opening with a section number ("2.1 Checking the
 * gauges"), is a heading, and the number's depth is its level. A heading
 * set in the same style and spacing without a number takes the level the
 * numbered ones of that style have: the document's own levels, learned from
 * its numbers.
 *
 * @module
 */
import { greatest } from "./extremes.ts";

/** A section number opening a heading: "2", "2.1", "2.1.3." followed by a capitalised word. */
const SECTION_NUMBER = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+[\p{Lu}\p{Lt}]/u;

/** Longest heading, in characters, that a regular-weight line alone at body size may be. */
const MAX_PLAIN_HEADING = 80;

/** The depth of the section number opening `text` ("2.1 Title" → 2), 0 when there is none. */
export function sectionDepth(text: string): number {
  const number = SECTION_NUMBER.exec(text.trim());
  return number ? number[1]!.split(".").length : 0;
}

/** What the numbering needs to know about a heading candidate or a line alone. */
export interface PlainLine {
  text: string;
  lineCount: number;
  /** More space above it than a paragraph gets there (true), or not, or not known. */
  spacedAbove?: boolean;
}

/**
 * True when a regular-weight block at body size reads as a heading set apart
 * by its place alone: one short line, no closing punctuation, with more
 * space above it than a paragraph gets.
 */
export function isLineAlone(c: PlainLine): boolean {
  const text = c.text.trim();
  return c.lineCount === 1 && c.spacedAbove === true && text.length <= MAX_PLAIN_HEADING &&
    /[\p{L}\p{N})]$/u.test(text);
}

/**
 * Levels from section numbers, for a document without an outline. Each
 * numbered candidate sits at its number's depth, one further down when a
 * larger title without a number stands before them all; an unnumbered one in
 * a style the numbered ones share sits at their level. Null when fewer than
 * two candidates are numbered.
 *
 * @param candidates Heading candidates in document order, with a style key each.
 * @param sizes Each candidate's size, index-aligned.
 * @param ranked Levels from ranking styles, kept where numbering says nothing.
 */
export function numberedLevels(
  candidates: ReadonlyArray<{ text: string; style: string }>,
  sizes: readonly number[],
  ranked: readonly number[],
): number[] | null {
  const depths = candidates.map((c) => sectionDepth(c.text));
  const numbered = depths.flatMap((d, i) => d > 0 ? [i] : []);
  if (numbered.length < 2) return null;
  const largest = greatest(numbered.map((i) => sizes[i]!));
  const titled = candidates.slice(0, numbered[0]).some((_, i) => sizes[i]! > largest * 1.05);
  const shift = titled ? 1 : 0;
  const styleLevel = new Map<string, Map<number, number>>();
  for (const i of numbered) {
    const tally = styleLevel.get(candidates[i]!.style) ?? new Map<number, number>();
    tally.set(depths[i]! + shift, (tally.get(depths[i]! + shift) ?? 0) + 1);
    styleLevel.set(candidates[i]!.style, tally);
  }
  return candidates.map((c, i) => {
    if (depths[i]! > 0) return Math.min(6, depths[i]! + shift);
    const tally = styleLevel.get(c.style);
    if (tally) return Math.min(6, [...tally].sort((a, b) => b[1] - a[1])[0]![0]);
    return titled && sizes[i]! > largest * 1.05 ? 1 : ranked[i]!;
  });
}

/**
 * Which blocks are lines alone (see {@linkcode isLineAlone}) in a style that
 * at least two numbered heading candidates share: the unnumbered headings of
 * a document that numbers the others of their level.
 *
 * @param blocks Text blocks in document order, each with a style key (size, weight, slant, face).
 * @param candidates Whether each block is already a heading candidate, index-aligned.
 */
export function unnumberedPeers(
  blocks: ReadonlyArray<PlainLine & { style: string }>,
  candidates: readonly boolean[],
): boolean[] {
  const numbered = new Map<string, number>();
  blocks.forEach((b, i) => {
    if (candidates[i] && sectionDepth(b.text) > 0) numbered.set(b.style, (numbered.get(b.style) ?? 0) + 1);
  });
  return blocks.map((b, i) =>
    !candidates[i] && (numbered.get(b.style) ?? 0) >= 2 && isLineAlone(b) && /^[\p{Lu}\p{Lt}]/u.test(b.text)
  );
}
