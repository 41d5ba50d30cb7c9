/**
 * Which text drafts are headings, and their levels: from the structure tree
 * where it tags headings, else from typography, the outline and the space
 * around each candidate.
 *
 * @module
 */
import { liftTreeLevels } from "./tree_levels.ts";
import { allBold, type Draft } from "./draft.ts";
import {
  assignLevels,
  type HeadingCandidate,
  htmlSizeBelow,
  isHeadingCandidate,
  styleKey,
} from "./headings.ts";
import { unnumberedPeers } from "./heading_numbers.ts";
import { unheadTaggedLabels } from "./tagged_labels.ts";
import { plainLineText } from "./inline.ts";
import { capitalsSize } from "./small_caps.ts";
import { gapBetween, spacedAbove } from "./draft_spacing.ts";
import type { DocumentStats } from "./stats.ts";
import { fontFamily, mode, sizeKey } from "./stats.ts";
import type { OutlineEntry } from "./types.ts";
import { greatest } from "./extremes.ts";

/** A text draft that may be a heading, at index `at` among the drafts. */
interface HeadingDraft {
  draft: Draft;
  at: number;
  info: HeadingCandidate;
}

/** Decides which text drafts are headings, and their levels. */
export function markHeadings(drafts: Draft[], stats: DocumentStats, outline: readonly OutlineEntry[]) {
  const tagged = drafts.some((d) => d.lines.some((l) => l.spans.some((s) => s.tag?.heading)));
  const texts: HeadingDraft[] = [];
  const spaced = tagged ? [] : spacedAbove(drafts, stats);
  for (const [i, draft] of drafts.entries()) {
    if (draft.kind !== "text" || draft.typedNumber) continue;
    const spans = draft.lines.flatMap((l) => l.spans);
    if (tagged) {
      const level = spans.find((s) => s.tag?.heading)?.tag?.heading;
      if (level && spans.every((s) => s.tag?.heading === level || !s.text.trim())) draft.heading = level;
      continue;
    }
    const info: HeadingCandidate = {
      text: draft.lines.map(plainLineText).join(" "),
      ...capitalsSize(draft.lines),
      bold: draft.lines.every(allBold),
      italic: spans.every((s) => s.font.italic || !s.text.trim()),
      lineCount: draft.lines.length,
      page: draft.page,
      family: fontFamily(spans.find((s) => s.text.trim() && !s.font.monospace)?.font.name ?? ""),
      spacedAbove: spaced[i],
    };
    texts.push({ draft, at: i, info });
  }
  if (tagged) {
    liftTreeLevels(drafts);
    return unheadTaggedLabels(drafts);
  }
  const face = headingFace(texts.map((t) => t.info), stats);
  for (const t of texts) if (face && t.info.family === face) t.info.headingFace = true;
  const picked = texts.map((t) => isHeadingCandidate(t.info, stats));
  if (outline.length === 0) {
    const blocks = texts.map((t) => ({ ...t.info, style: `${styleKey(t.info)}|${t.info.family}` }));
    unnumberedPeers(blocks, picked).forEach((peer, i) => picked[i] ||= peer);
  }
  const candidates = texts.filter((_, i) => picked[i]);
  sizeCodeHeadings(candidates, drafts, stats);
  const mapped = texts.filter((t) => t.draft.outlined).length;
  const levels = assignLevels(
    candidates.map((c) => c.info),
    outline,
    stats.bodySize,
    stats.bodyFamily,
    mapped,
  );
  // Below the outline's depth at body size: TeX's run-in levels, set on a line of their own. Right
  // under a heading two levels up or more, where the space above cannot tell, bold text is likelier
  // than a heading skipping levels.
  const deepest = Math.max(0, greatest(outline.map((e) => e.level)));
  candidates.forEach((c, k) => {
    const level = levels[k];
    if (!level) return;
    const runIn = deepest > 0 && level > deepest && c.info.size < stats.bodySize * 1.12;
    const above = drafts[c.at - 1]?.heading;
    if (runIn && c.info.spacedAbove === undefined && above !== undefined && above <= level - 3) return;
    // Under a top-level heading of an outline two levels deeper or more (a title and its lead), a bold
    // line the outline leaves out is emphasis, not a heading below the outline's deepest.
    const parent = runIn && !c.draft.outlined ? headingAbove(drafts, c.at) : undefined;
    if (parent === 1 && deepest >= 3) return;
    c.draft.heading = level;
    if (runIn) c.draft.runIn = true;
  });
  // Where the outline points, its level stands, whatever the typography made of the line (one level
  // further down under a title the outline leaves out: `placeTitle`).
  for (const t of texts) {
    if (!t.draft.outlined) continue;
    t.draft.heading = Math.min(6, t.draft.outlined);
    delete t.draft.runIn;
  }
}

/** The level of the nearest heading before draft `at` (the outline's or one found so far). */
function headingAbove(drafts: readonly Draft[], at: number): number | undefined {
  for (let i = at - 1; i >= 0; i--) {
    const level = drafts[i]!.outlined ?? drafts[i]!.heading;
    if (level) return level;
  }
  return undefined;
}

/**
 * The font family that every text block set larger than body text shares,
 * when it is not the body's: an HTML engine's style sheet may give headings
 * a face of their own (sans-serif over serif text), and then a bold line at
 * body size in that face is a heading, while bold text in the body's face is
 * emphasis.
 */
function headingFace(infos: readonly HeadingCandidate[], stats: DocumentStats): string | undefined {
  let face: string | undefined;
  for (const info of infos) {
    if (info.size < stats.bodySize * 1.12 || !info.bold || !info.family) continue;
    if (face !== undefined && info.family !== face) return undefined;
    face = info.family;
  }
  return face === stats.bodyFamily ? undefined : face;
}

/**
 * Gives a heading made wholly of inline code the size of the headings whose
 * spacing it shares. An HTML engine sets code at one size wherever it stands,
 * but lays the line out in its heading's box, so the distances to the lines
 * around it are those of the other headings of its level. The distance from
 * the text above tells best (a smaller heading sits nearer it, its larger
 * margin filled by the text's); the distance to the next line, where the
 * next block's own margin may fill the space, is the fallback.
 */
function sizeCodeHeadings(
  candidates: readonly HeadingDraft[],
  drafts: readonly Draft[],
  stats: DocumentStats,
) {
  if (candidates.every((c) => c.info.family)) return;
  const heads = new Set(candidates.map((c) => c.at));
  /** The distance from the block above, with that block's kind: none under another heading. */
  const above = (c: HeadingDraft) => {
    const prev = drafts[c.at - 1];
    const gap = prev && !heads.has(c.at - 1) ? gapBetween(prev, c.draft) : undefined;
    return gap === undefined ? undefined : { gap, kind: prev!.kind === "code" ? "code" : "text" };
  };
  const below = (c: HeadingDraft) => {
    const next = drafts[c.at + 1];
    return next && gapBetween(c.draft, next);
  };
  const prose = candidates.filter((c) => c.info.family).map((c) => ({
    size: c.info.size,
    above: above(c),
    below: below(c),
  }));
  const byAt = new Map(candidates.map((c) => [c.at, c]));
  for (const c of candidates) {
    if (c.info.family) continue;
    // Straight under another heading, with nothing between, a heading of code set smaller than body
    // text (an HTML engine's way) is taken for its child, as a run-in heading under a bare one is.
    const parent = byAt.get(c.at - 1);
    const child = parent && c.info.size < stats.bodySize * 0.9
      ? htmlSizeBelow(parent.info.size, stats.bodySize)
      : undefined;
    if (child !== undefined) {
      c.info.size = child;
      continue;
    }
    const up = above(c), down = below(c);
    const size = (up && spacedLike(
      prose.map((p) => p.above?.kind === up.kind ? [p.size, p.above.gap] : null),
      up.gap,
    )) ??
      (down === undefined
        ? undefined
        : spacedLike(prose.map((p) => p.below === undefined ? null : [p.size, p.below]), down));
    // Spaced like no other heading: set smaller than body text, its size says nothing of its level, so
    // it is taken to sit one level under the last heading of prose before it.
    const under = size === undefined && c.info.size < stats.bodySize * 0.9
      ? candidates.findLast((p) => p.at < c.at && p.info.family)
      : undefined;
    const fallback = under && htmlSizeBelow(under.info.size, stats.bodySize);
    if (size !== undefined || fallback) c.info.size = size ?? fallback!;
  }
}

/** The size most of the headings spaced like `gap` (within 0.75 pt) are set at, given as size and gap. */
function spacedLike(spacings: ReadonlyArray<[number, number] | null>, gap: number): number | undefined {
  const votes = new Map<number, number>();
  for (const spacing of spacings) {
    if (!spacing || Math.abs(spacing[1] - gap) > 0.75) continue;
    votes.set(sizeKey(spacing[0]), (votes.get(sizeKey(spacing[0])) ?? 0) + 1);
  }
  return mode(votes);
}
