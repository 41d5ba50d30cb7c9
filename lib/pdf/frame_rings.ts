/**
 * Frames painted as rings: an HTML engine paints a box's border as one path
 * of two nested outlines filled by the even-odd rule (only the band between
 * them takes paint), often clipped to one side, as a quote's left rule. The
 * path's bounding box is the whole box, which is no shaded area: the text
 * inside stands on the page's own ground.
 *
 * @module
 */

import { DRAW } from "./rulings.ts";

/** A subpath's box in the path's own coordinates. */
interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The boxes of a path's subpaths. */
function subpathBoxes(path: ArrayLike<number>): Box[] {
  const boxes: Box[] = [];
  const grow = (x: number, y: number) => {
    const box = boxes.at(-1);
    if (!box) return;
    box.x0 = Math.min(box.x0, x), box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y), box.y1 = Math.max(box.y1, y);
  };
  for (let i = 0; i < path.length;) {
    const op = path[i++]!;
    if (op === DRAW.moveTo) {
      boxes.push({ x0: path[i]!, x1: path[i]!, y0: path[i + 1]!, y1: path[i + 1]! });
      i += 2;
    } else if (op === DRAW.lineTo) {
      grow(path[i]!, path[i + 1]!);
      i += 2;
    } else if (op === DRAW.curveTo || op === DRAW.quadraticCurveTo) {
      const n = op === DRAW.curveTo ? 6 : 4;
      for (let k = 0; k < n; k += 2) grow(path[i + k]!, path[i + k + 1]!);
      i += n;
    } else if (op !== DRAW.closePath) return [];
  }
  return boxes;
}

/**
 * True when an even-odd filled path is a frame: two subpaths, one inside the
 * other (a box's border band), which paints no ground under the text within.
 */
export function isFrameRing(path: ArrayLike<number>): boolean {
  const boxes = subpathBoxes(path);
  if (boxes.length !== 2) return false;
  const [a, b] = boxes as [Box, Box];
  const holds = (o: Box, i: Box) => o.x0 <= i.x0 && o.x1 >= i.x1 && o.y0 <= i.y0 && o.y1 >= i.y1;
  return holds(a, b) || holds(b, a);
}
