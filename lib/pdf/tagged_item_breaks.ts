/**
 * List items inside one tagged paragraph. TeX Live 2022's tagging code
 * (`phase-II`) tags paragraphs only, each item a `P` of its own; but where a
 * list stands inside an outer list's item and runs on over a page turn, it
 * may file the outer item's words and every inner item after the turn in one
 * `P` (AASTeX's sample: `v6.2` and its five numbered items). A tree that
 * names no list leaves the page to tell them apart, and it does: on a
 * justified page a line of prose ends short of the measure only where it was
 * broken by hand, an item's end among them; a wrapped line runs to the edge.
 * So a line opening with a list marker, after a line of its paragraph that
 * ended with room for that marker and the word after it, opens an item.
 *
 * @module
 */
import { blockId } from "./draft.ts";
import { listMarker } from "./lists.ts";
import type { Line } from "./types.ts";

/** A word space, in ems of the line's type, counted with the marker and the word that would have fitted. */
const SPACE_EM = 0.33;

/**
 * True when `line`, in the same paragraph-only tagged block as `before`,
 * opens with a list marker that, with its first word, would have fitted
 * after `before` on a page justified to `right`: an item, not a wrapped line.
 */
export function itemAfterBreak(line: Line, before: Line | undefined, right: number): boolean {
  const tag = line.spans[0]?.tag;
  if (!before || !tag || tag.listItem || tag.heading || tag.cell || tag.code) return false;
  if (blockId(before) !== tag.block) return false;
  const marker = listMarker(line);
  const word = marker?.rest.find((s) => s.text.trim());
  if (!marker || !word) return false;
  const text = word.text.trimStart();
  const wordWidth = word.width * (text.split(/\s/)[0]!.length / Math.max(text.length, 1));
  const needed = word.x - line.x0 + wordWidth + line.size * SPACE_EM;
  return right - before.x1 > needed;
}
