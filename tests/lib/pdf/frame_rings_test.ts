import assert from "node:assert/strict";
import { isFrameRing } from "../../../lib/pdf/frame_rings.ts";

/** A closed rectangle as pdf.js path codes (moveTo 0, lineTo 1, closePath 4). */
function rect(x0: number, y0: number, x1: number, y1: number): number[] {
  return [0, x0, y0, 1, x1, y0, 1, x1, y1, 1, x0, y1, 4];
}

Deno.test("a border band (two nested outlines) is a frame ring; a plain box or two boxes apart are not", () => {
  // WeasyPrint's quote border: the inner outline first, the outer one sharing its right edge.
  assert.equal(isFrameRing([...rect(79.6, 144.5, 483.8, 201.7), ...rect(75.6, 144.5, 483.8, 201.7)]), true);
  assert.equal(isFrameRing([...rect(10, 10, 200, 100), ...rect(12, 12, 198, 98)]), true);
  assert.equal(isFrameRing(rect(10, 10, 200, 100)), false);
  assert.equal(isFrameRing([...rect(10, 10, 100, 50), ...rect(120, 10, 200, 50)]), false);
  assert.equal(
    isFrameRing([...rect(10, 10, 200, 100), ...rect(12, 12, 198, 98), ...rect(20, 20, 30, 30)]),
    false,
  );
});
