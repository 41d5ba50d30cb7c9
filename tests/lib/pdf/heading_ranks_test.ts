/**
 * Heading levels an outline gives short where the source skips a level, set
 * right by the ranking of the headings' looks (`lib/pdf/heading_ranks.ts`):
 * on a committed fixture (`skipped_levels`, made by
 * `bench/pdf/make_layout_fixtures.ts`) converted with real pdf.js, and on
 * outline headings laid out here where the ranking must say nothing.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { rankSkippedLevels } from "../../../lib/pdf/heading_ranks.ts";

Deno.test("headings whose source skips a level take the level their type ranks at, not the outline's depth", async () => {
  const bytes = await Deno.readFile(
    new URL("./fixtures/layout/skipped_levels.weasyprint.pdf", import.meta.url),
  );
  const result = await convertPdf(bytes);
  // The outline is a tree: a third level right under the title, a fifth right under a second. The page's
  // ruled table is labelled by its rules, and the document is still an untagged one.
  assert.deepEqual(result.outline?.map((e) => `${e.level} ${e.title}`), [
    "1 Hill walking",
    "2 Before you set out",
    "2 Telling someone your route",
    "2 Equipment",
    "3 Boots",
    "4 Breaking them in",
    "5 Laces",
    "3 map --grid",
    "2 Weather",
    "3 Reading the clouds",
    "3 Wind",
  ]);
  assert.deepEqual(result.markdown.split("\n").filter((l) => l.startsWith("#")), [
    "# Hill walking",
    "### Before you set out",
    "### Telling someone your route",
    "## Equipment",
    "### Boots",
    "#### Breaking them in",
    "##### Laces",
    "### `map --grid`",
    "## Weather",
    "##### Reading the clouds",
    "### Wind",
  ]);
});

/** One outline heading: its text at `size`, bold, italic or monospace, at the outline's `level`. */
function heading(
  text: string,
  level: number,
  size: number,
  { bold = false, italic = false, monospace = false } = {},
): Draft {
  const font = { name: monospace ? "Mono" : "Serif", bold, italic, monospace };
  const span = { text, x: 72, y: 100, width: text.length * size / 2, size, font };
  return {
    kind: "text",
    page: 1,
    heading: level,
    outlined: level,
    lines: [{ spans: [span], x0: 72, x1: 72 + span.width, y: 100, size, page: 1 }],
  };
}

/** The levels after ranking. */
function ranked(drafts: Draft[]): number[] {
  rankSkippedLevels(drafts);
  return drafts.map((d) => d.heading!);
}

Deno.test("a smaller look at a larger one's level goes below it; looks that do not rank stay put", () => {
  // Sizes rank: the 12 pt heading under the title sits at the 16 pt one's level, so it goes below it.
  assert.deepEqual(
    ranked([
      heading("Guide", 1, 20, { bold: true }),
      heading("Before", 2, 12, { bold: true }),
      heading("Setup", 2, 16, { bold: true }),
      heading("Details", 3, 12, { bold: true }),
    ]),
    [1, 3, 2, 3],
  );
  // Italic against upright at one size and weight: no rank, the outline's levels stand (levels a
  // producer prints alike).
  assert.deepEqual(
    ranked([
      heading("Guide", 1, 11),
      heading("Before", 2, 11, { italic: true }),
      heading("Setup", 2, 11),
      heading("Details", 3, 11, { italic: true }),
    ]),
    [1, 2, 2, 3],
  );
  // Of one size, bold outranks regular.
  assert.deepEqual(
    ranked([
      heading("Setup", 1, 11, { bold: true }),
      heading("Before", 1, 11),
      heading("Run", 1, 11, { bold: true }),
    ]),
    [1, 2, 1],
  );
});

Deno.test("the ranking leaves a title, a title set a little smaller, code headings and in-between looks alone", () => {
  // The first heading, in a look of its own, is the title: the sections beside it at its level stay.
  assert.deepEqual(
    ranked([
      heading("Manual", 1, 24, { bold: true }),
      heading("Install", 1, 16, { bold: true }),
      heading("Use", 1, 16, { bold: true }),
    ]),
    [1, 1, 1],
  );
  // A long title set 4 % smaller is set at the same size.
  assert.deepEqual(
    ranked([
      heading("Intro", 1, 16, { bold: true }),
      heading("A long title set a little smaller to fit", 1, 15.4, { bold: true }),
      heading("Usage", 1, 16, { bold: true }),
    ]),
    [1, 1, 1],
  );
  // A heading wholly of code has no look to rank (its type is the listing's).
  assert.deepEqual(
    ranked([
      heading("Intro", 1, 16, { bold: true }),
      heading("run()", 1, 9, { monospace: true }),
      heading("Use", 1, 16, { bold: true }),
    ]),
    [1, 1, 1],
  );
  // A look between the second level's and the third's is no level of its own: it stays at the outline's.
  assert.deepEqual(
    ranked([
      heading("Guide", 1, 20, { bold: true }),
      heading("Setup", 2, 16, { bold: true }),
      heading("An odd one", 2, 14, { bold: true }),
      heading("Details", 3, 12, { bold: true }),
    ]),
    [1, 2, 2, 3],
  );
});
