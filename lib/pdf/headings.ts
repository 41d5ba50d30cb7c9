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
import { mode, sizeKey } from "./stats.ts";
import type { OutlineEntry } from "./types.ts";
import { isLineAlone, numberedLevels, sectionDepth } from "./heading_numbers.ts";
import { greatest } from "./extremes.ts";
import { letteredSection } from "./lettered_headings.ts";

/** What heading detection needs to know about a block of text. */
export interface HeadingCandidate {
  text: string;
  size: number;
  bold: boolean;
  italic: boolean;
  lineCount: number;
  /** 1-based page the candidate is on, when known. */
  page?: number;
  /** Font family of its text (see `fontFamily`), when known. */
  family?: string;
  /**
   * More space above it than a paragraph gets in the same place (see
   * `spacedAbove`); undefined when the page does not tell.
   */
  spacedAbove?: boolean;
  /** Set in the face that the larger headings share and body text does not. */
  headingFace?: boolean;
  /** Set in small capitals by size (`small_caps.ts`), its size its capitals'. */
  smallCaps?: boolean;
}

/** Style identity: size to the half point, weight and slant. */
export function styleKey(c: HeadingCandidate): string {
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
  // At body size in the body's weight, a numbered line alone with a heading's space above it.
  if (!c.bold && sectionDepth(text) > 0 && isLineAlone(c) && c.size >= stats.bodySize * 0.9) return true;
  // Or set in small capitals, a line alone with a heading's space above it where the page tells.
  const alone = isLineAlone({ ...c, spacedAbove: c.spacedAbove ?? true });
  if (c.smallCaps && alone && c.size >= stats.bodySize * 0.9) return true;
  // Or a lettered section in italics (`lettered_headings.ts`), alone with a heading's space above it.
  if (c.italic && !c.bold && letteredSection(text) && isLineAlone(c) && c.size >= stats.bodySize * 0.9) {
    return true;
  }
  // At body size only weight sets a heading apart; a bold line ending in a colon leads into what
  // follows, unless a heading's space above or its headings' face sets it apart.
  return c.bold && c.size >= stats.bodySize * 0.6 && c.lineCount <= 2 &&
    (!/[.,;:]$/.test(text) || c.spacedAbove === true || (c.headingFace === true && /:$/.test(text))) &&
    text.length <= 100;
}

/**
 * Assigns a level (1–6) to each candidate.
 *
 * @param candidates Heading candidates in document order.
 * @param outline The document outline, possibly empty.
 * @param bodySize Body text size: body-size candidates an outline leaves out are not headings.
 * @param bodyFamily Body text's font family: where the larger headings share another family, a
 *   body-size candidate in the body's family is emphasis, not a heading.
 * @param mapped How many of the outline's entries were found on the pages (see `mapOutline`),
 *   whatever their typography: with three or more the outline lists the document's headings.
 * @returns Levels, index-aligned with `candidates`; 0 for a candidate found not to be a heading.
 */
export function assignLevels(
  candidates: readonly HeadingCandidate[],
  outline: readonly OutlineEntry[],
  bodySize = 0,
  bodyFamily?: string,
  mapped = 0,
): number[] {
  const ranked = (outline.length === 0 ? htmlScaleLevels(candidates, bodySize) : null) ??
    rankLevels(candidates, outline, bodySize, mapped);
  const levels = outline.length > 0 ? ranked : numberedLevels(
    candidates.map((c) => ({ text: c.text, style: styleKey(c) })),
    candidates.map((c) => c.size),
    ranked,
  ) ?? ranked;
  const large = candidates.filter((c) => c.size >= bodySize * 1.12);
  const family = large[0]?.family;
  if (!bodyFamily || !family || family === bodyFamily || large.some((c) => c.family !== family)) {
    return levels;
  }
  const exact = matchOutline(candidates, outline);
  return levels.map((level, i) => {
    const c = candidates[i]!;
    return exact[i] === undefined && c.size < bodySize * 1.12 && c.family === bodyFamily ? 0 : level;
  });
}

/** Levels from the outline and the ranking of styles (see {@linkcode assignLevels}). */
function rankLevels(
  candidates: readonly HeadingCandidate[],
  outline: readonly OutlineEntry[],
  bodySize: number,
  mapped: number,
): number[] {
  const firstSeen = new Map<string, number>();
  candidates.forEach((c, i) => {
    if (!firstSeen.has(styleKey(c))) firstSeen.set(styleKey(c), i);
  });
  const styles = [...firstSeen.keys()].sort((a, b) =>
    compareStyles(a, b) || firstSeen.get(a)! - firstSeen.get(b)!
  );
  const exactLevels = matchOutline(candidates, outline);
  const votes = new Map<string, Map<number, number>>();
  candidates.forEach((c, i) => {
    const level = exactLevels[i];
    if (level === undefined) return;
    const tally = votes.get(styleKey(c)) ?? new Map<number, number>();
    tally.set(level, (tally.get(level) ?? 0) + 1);
    votes.set(styleKey(c), tally);
  });
  const styleLevel = new Map<string, number>();
  for (const [style, tally] of votes) {
    styleLevel.set(style, mode(tally)!);
  }
  placeUnmatchedStyles(styles, styleLevel);
  // An outline stops at some depth (TeX's at subsubsections): a heading left out of it whose style
  // the outline puts at that deepest level sits one level below it. When the outline lists the
  // document's headings, a candidate it leaves out in any other style is emphasis, not a heading.
  // At body size, where the page shows it, the space above tells the two apart: a heading gets more
  // than a paragraph would.
  const deepest = Math.max(0, greatest(outline.map((e) => e.level)));
  const listed = Math.max(mapped, exactLevels.filter((l) => l !== undefined).length) >= 3;
  const spacedStyles = headingSpacedStyles(candidates, exactLevels);
  return candidates.map((c, i) => {
    const exact = exactLevels[i];
    if (exact !== undefined) return Math.min(6, Math.max(1, exact));
    const style = styleLevel.get(styleKey(c));
    const belowOutline = votes.has(styleKey(c)) && style === deepest;
    const bodySized = c.size < bodySize * 1.12;
    if (bodySized && (belowOutline || listed) && c.spacedAbove !== undefined) {
      return c.spacedAbove ? Math.min(6, deepest + 1) : 0;
    }
    if (belowOutline) return Math.min(6, deepest + 1);
    if (listed && bodySized) return spacedStyles.has(styleKey(c)) ? Math.min(6, deepest + 1) : 0;
    return Math.min(6, Math.max(1, style ?? 6));
  });
}

/**
 * Styles of the candidates the outline leaves out that the space above
 * always sets apart as headings where the page shows it (at least once, and
 * never as emphasis): where the page does not tell (first on a page), a
 * candidate in such a style is taken for a heading too.
 */
function headingSpacedStyles(
  candidates: readonly HeadingCandidate[],
  exactLevels: ReadonlyArray<number | undefined>,
): Set<string> {
  const spaced = new Set<string>(), not = new Set<string>();
  candidates.forEach((c, i) => {
    if (exactLevels[i] !== undefined || c.spacedAbove === undefined) return;
    (c.spacedAbove ? spaced : not).add(styleKey(c));
  });
  for (const style of not) spaced.delete(style);
  return spaced;
}

/**
 * The outline level of each candidate its text matches. Each entry matches
 * once, in document order, and on its own page when both pages are known, so
 * emphasis repeating a heading's words later does not take its level.
 */
function matchOutline(
  candidates: readonly HeadingCandidate[],
  outline: readonly OutlineEntry[],
): Array<number | undefined> {
  const open = new Map<string, OutlineEntry[]>();
  for (const entry of outline) {
    const key = matchKey(entry.title);
    if (key) open.set(key, [...open.get(key) ?? [], entry]);
  }
  return candidates.map((c) => {
    const entries = open.get(matchKey(c.text));
    const k = entries?.findIndex((e) => e.page === undefined || c.page === undefined || e.page === c.page) ??
      -1;
    if (k < 0) return undefined;
    return entries!.splice(k, 1)[0]!.level;
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

/** An HTML engine's default heading sizes, H1 to H6, in ems of body text. */
const HTML_SCALE = [2, 1.5, 1.17, 1, 0.83, 0.67];

/**
 * The size of the HTML heading one level below a heading of `size`, when
 * `size` is one of an HTML engine's default heading sizes above the last.
 */
export function htmlSizeBelow(size: number, bodySize: number): number | undefined {
  const k = HTML_SCALE.findIndex((em) => Math.abs(size / bodySize / em - 1) < 0.05);
  return k >= 0 && k < HTML_SCALE.length - 1 ? HTML_SCALE[k + 1]! * bodySize : undefined;
}

/**
 * Levels read off an HTML engine's default heading sizes, when every
 * candidate is bold and set at one of them: the size names the level even
 * where the document skips one (an H4 under an H2), which ranking styles
 * cannot tell. Null when the candidates do not follow the scale.
 */
function htmlScaleLevels(candidates: readonly HeadingCandidate[], bodySize: number): number[] | null {
  if (!bodySize || candidates.length === 0) return null;
  const levels = candidates.map((c) => {
    if (!c.bold) return 0;
    const k = HTML_SCALE.findIndex((em) => Math.abs(c.size / bodySize / em - 1) < 0.05);
    return k + 1;
  });
  // The scale is told by its largest steps: at least one candidate set at H1 or H2 size.
  if (levels.includes(0) || !levels.some((l) => l <= 2)) return null;
  return levels;
}
