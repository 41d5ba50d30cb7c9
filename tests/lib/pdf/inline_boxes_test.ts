import assert from "node:assert/strict";
import { markInlineBoxes, visibleGap } from "../../../lib/pdf/inline_boxes.ts";
import { buildLines } from "../../../lib/pdf/layout.ts";
import type { Span } from "../../../lib/pdf/types.ts";

const prose = { name: "Serif", bold: false, italic: false, monospace: false };
const mono = { name: "Mono", bold: false, italic: false, monospace: true };

/** A span on baseline 100. */
function span(text: string, x: number, width: number, size = 10, font = prose): Span {
  return { text, x, y: 100, width, size, font };
}

Deno.test("a box hugging inline code inside a line measures the gaps beside it from its edges", () => {
  const spans = [span("used in the", 70, 90), span("api", 170, 12, 8, mono), span("project.", 192, 40)];
  markInlineBoxes(spans, [{ x0: 167, x1: 185, y0: 89, y1: 103 }]);
  assert.equal(visibleGap(spans[0]!, spans[1]!), 7);
  assert.equal(buildLines(spans, 1).length, 1);
});

Deno.test("without a box, or on a box that is not inline, the same gaps part the line", () => {
  const bare = [span("used in the", 70, 90), span("api", 170, 12, 8, mono), span("project.", 192, 40)];
  assert.equal(buildLines(bare, 1).length, 3);
  // A box a whole line wide, holding text far from its edges, is a listing's shading.
  const shaded = [span("used in the", 70, 90), span("api", 170, 12, 8, mono), span("project.", 192, 40)];
  markInlineBoxes(shaded, [{ x0: 167, x1: 400, y0: 89, y1: 103 }]);
  assert.equal(buildLines(shaded, 1).length, 3);
  // Two shaded cells side by side keep their gap.
  const cells = [span("Name", 70, 30), span("Value", 112, 30)];
  markInlineBoxes(cells, [{ x0: 66, x1: 104, y0: 89, y1: 103 }, { x0: 108, x1: 146, y0: 89, y1: 103 }]);
  assert.equal(buildLines(cells, 1).length, 2);
});
