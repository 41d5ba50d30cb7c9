/**
 * A bullet the page does not print. Contents and index pages set their
 * entries as rows with no marker, yet they are lists; their readers put a
 * bullet before each entry's first span so the list writer sees an item.
 * One builder decides once what such a bullet carries: the look of the
 * entry's text in the text face (a bullet in a code font would read as code
 * opening the entry), no link, and the structure tree's tag only where the
 * tree itself puts the entry in a list item. A tree tagging the row a
 * paragraph has no say over a bullet that is ours; a tree tagging it a list
 * item keeps the bullet inside that item.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** A bullet in the look of `span` (its size and baseline), set at `x` and `width` wide. */
export function syntheticBullet(span: Span, x: number, width: number): Span {
  const bullet: Span = { ...span, text: "•", x, width, font: { ...span.font, monospace: false } };
  delete bullet.link;
  if (!span.tag?.listItem) delete bullet.tag;
  return bullet;
}
