/**
 * Heading levels an outline gives short, set right by how prominent each
 * heading looks. An outline is a tree: a heading whose source skips a level
 * (a third level right under a first, a sixth under a second) is nested as
 * its parent's child, one level or more short. Within one document a
 * heading's look (its size, weight, slant and face) stands for one level, and
 * a more prominent look for a level above a less prominent one; so where the
 * outline puts a heading at the level of a more prominent look, or above
 * one, the heading takes the level below the deepest of the looks that
 * outrank it.
 *
 * Where it does not fire:
 * - looks that rank neither way (an italic and an upright heading of one
 *   size and weight; levels a producer prints alike) say nothing;
 * - a size within {@linkcode SIZE_STEP} of another is the same size (a long
 *   title a producer set a little smaller);
 * - a look ranking between two levels' looks is no level of its own: a
 *   heading moves only where every look it outranks sits deeper than the
 *   level it would take;
 * - a title (the first heading, in a look no other heading uses) outranks
 *   nothing: it is the document's own, not a level of its sections;
 * - headings wholly in a monospace font (a command as the title) and run-in
 *   headings have no look of their own here, and neither rank nor move.
 *
 * The outline still says which lines are headings and what they say; this
 * only deepens levels.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { fontFamily, sizeKey } from "./stats.ts";
import { greatest } from "./extremes.ts";

/** How much larger (as a ratio) one heading's type must be than another's to rank above it by size. */
const SIZE_STEP = 1.05;

/** The deepest heading level Markdown writes. */
const DEEPEST = 6;

/** How a heading is set: the size of its largest text, weight, slant and face (monospace text aside). */
export interface HeadingLook {
  size: number;
  bold: boolean;
  italic: boolean;
  family: string;
}

/** A draft's look, from its spans outside monospace text (`undefined` when it has none). */
export function headingLook(draft: Draft): HeadingLook | undefined {
  const spans = draft.lines.flatMap((l) => l.spans).filter((s) => s.text.trim() && !s.font.monospace);
  if (spans.length === 0) return undefined;
  return {
    size: greatest(spans.map((s) => s.size)),
    bold: spans.every((s) => s.font.bold),
    italic: spans.every((s) => s.font.italic),
    family: fontFamily(spans[0]!.font.name),
  };
}

/** A look as a key: size to the half point, weight, slant and face. */
export function lookKey(look: HeadingLook): string {
  return [sizeKey(look.size), look.bold ? "b" : "r", look.italic ? "i" : "u", look.family].join("|");
}

/**
 * True when look `a` is more prominent than `b`: clearly larger and no
 * lighter, or of one size and slant and bold where `b` is not.
 */
export function outranks(a: HeadingLook, b: HeadingLook): boolean {
  const lighter = b.bold && !a.bold;
  if (a.size >= b.size * SIZE_STEP) return !lighter;
  const sameSize = a.size * SIZE_STEP > b.size && b.size * SIZE_STEP > a.size;
  return sameSize && a.bold && !b.bold && a.italic === b.italic;
}

/** The headings of one look. */
interface LookGroup {
  look: HeadingLook;
  drafts: Draft[];
}

/**
 * Deepens the levels of the outline's headings (`anchored`, in reading
 * order, their levels in `heading`) where a more prominent look sits at
 * their level or deeper (see the module comment). Repeats until nothing
 * moves, so that a heading moved deeper makes room for those it outranks.
 */
export function rankSkippedLevels(anchored: readonly Draft[]): void {
  const groups = new Map<string, LookGroup>();
  for (const draft of anchored) {
    const look = draft.heading && !draft.runIn ? headingLook(draft) : undefined;
    if (!look) continue;
    const group = groups.get(lookKey(look)) ?? { look, drafts: [] };
    group.drafts.push(draft);
    groups.set(lookKey(look), group);
  }
  const title = [...groups.values()].find((g) => g.drafts.length === 1 && g.drafts[0] === anchored[0]);
  const ranked = [...groups.values()].filter((g) => g !== title);
  for (let round = 0; round < DEEPEST; round++) {
    let moved = false;
    for (const group of ranked) {
      const above = ranked.filter((g) => outranks(g.look, group.look)).flatMap((g) => levels(g));
      const below = ranked.filter((g) => outranks(group.look, g.look)).flatMap((g) => levels(g));
      const level = Math.max(0, greatest(above)) + 1;
      if (level > DEEPEST || below.some((l) => l <= level)) continue;
      for (const draft of group.drafts) {
        if (draft.heading! >= level) continue;
        draft.heading = level;
        moved = true;
      }
    }
    if (!moved) return;
  }
}

/** The levels a group's headings stand at. */
function levels(group: LookGroup): number[] {
  return group.drafts.map((d) => d.heading!);
}
