import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { gapBetween } from "../../../lib/pdf/draft_spacing.ts";
import { breakBetween, markThematicBreaks } from "../../../lib/pdf/thematic_breaks.ts";
import type { Rule, Span } from "../../../lib/pdf/types.ts";

const FONT = { name: "Body", bold: false, italic: false, monospace: false };

/** A span of body text at 10 pt. */
function span(text: string, x: number, y: number, width = 300): Span {
  return { text, x, y, width, size: 10, font: FONT };
}

/** A one-line text draft of a span. */
function draft(s: Span): Draft {
  return {
    kind: "text",
    page: 1,
    lines: [{ spans: [s], x0: s.x, x1: s.x + s.width, y: s.y, size: s.size, page: 1 }],
  };
}

Deno.test("a rule across the text between two lines marks the line under it, and the gap is measured from it", () => {
  const above = span("The last line of a paragraph.", 72, 100), below = span("Reference", 72, 140, 60);
  const rule: Rule = { x0: 72, x1: 372, y0: 120, y1: 120.75 };
  markThematicBreaks([above, below], [rule]);
  assert.equal(below.ruleAbove, 120.375);
  assert.equal(above.ruleAbove, undefined);
  const [first, next] = [draft(above), draft(below)];
  assert.equal(breakBetween(first, next), 120.375);
  // From the rule, not from the line above: the rule's margins are no heading's space.
  assert.equal(gapBetween(first, next), 140 - 120.375);
});

Deno.test("an underline, a box's border and rules a line apart are no thematic breaks", () => {
  const line = span("A link underlined across the whole measure of the text.", 72, 100);
  const under = span("The next line.", 72, 140);
  markThematicBreaks([line, under], [{ x0: 72, x1: 372, y0: 101.5, y1: 102 }]);
  assert.equal(under.ruleAbove, undefined);
  // A box: its top rule meets its sides.
  const boxed = span("Inside a box.", 80, 140);
  markThematicBreaks([span("Before.", 72, 100), boxed], [
    { x0: 72, x1: 372, y0: 120, y1: 120.5 },
    { x0: 72, x1: 72.5, y0: 120, y1: 160 },
  ]);
  assert.equal(boxed.ruleAbove, undefined);
  // A table ruled across only: its rules stand a line apart.
  const row = span("width 80", 72, 140);
  markThematicBreaks([span("Head", 72, 124), row, span("After.", 72, 170)], [
    { x0: 72, x1: 372, y0: 112, y1: 112.5 },
    { x0: 72, x1: 372, y0: 128, y1: 128.5 },
    { x0: 72, x1: 372, y0: 144, y1: 144.5 },
  ]);
  assert.equal(row.ruleAbove, undefined);
});

Deno.test("a rule drawn as a row of short pieces end to end is one rule, and marks a short line set left of it", () => {
  const above = span("The last line of a paragraph across the whole measure.", 72, 100, 396);
  // Set flush left and short: it ends before the centred rule begins.
  const below = span("Corrections", 72, 140, 60);
  const pieces: Rule[] = Array.from(
    { length: 40 },
    (_, k) => ({ x0: 170 + 5 * k, x1: 175 + 5 * k, y0: 120, y1: 120 }),
  );
  markThematicBreaks([above, below], pieces);
  assert.equal(below.ruleAbove, 120);
  // One piece alone is too short to be a break.
  const alone = span("Corrections", 72, 140, 60);
  markThematicBreaks([span("The last line of a paragraph across the whole measure.", 72, 100, 396), alone], [
    pieces[0]!,
  ]);
  assert.equal(alone.ruleAbove, undefined);
});
