/**
 * Heading levels a structure tree gives, counted from the document's top.
 * A tagging producer may level its own section types for a deeper document
 * than the one at hand: LaTeX's tagging code files the sections of a class
 * that can have chapters under a namespace mapping `chapter` to `H1` and
 * `section` to `H2`, so a paper without chapters (a journal's two-column
 * article) has no `H1` at all, and its tree nests every heading one level
 * under a heading that is not there. Where every heading of the tree is of
 * such a type (`Tag.ownHeading`) and none stands at the top level, the
 * shallowest level they use is the document's top, and each moves up by the
 * levels missing above it.
 *
 * Where it does not fire: a tree with an `H1` or a `Title`; a heading tagged
 * `H2` as such (a README whose first heading is `##` under a logo: its author
 * chose the level); a tree that mixes both kinds.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import type { Tag } from "./types.ts";
import { least } from "./extremes.ts";

/** Moves the tree's headings up so that the shallowest stands at level 1 (see the module comment). */
export function liftTreeLevels(drafts: readonly Draft[]): void {
  const tags: Tag[] = [];
  for (const draft of drafts) {
    for (const line of draft.lines) for (const span of line.spans) if (span.tag?.heading) tags.push(span.tag);
  }
  if (tags.length === 0 || !tags.every((t) => t.ownHeading)) return;
  const top = least(tags.map((t) => t.heading!));
  if (top <= 1) return;
  for (const draft of drafts) if (draft.heading) draft.heading = Math.max(1, draft.heading - (top - 1));
}
