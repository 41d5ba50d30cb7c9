/**
 * A listing's line step not taken from wrapped rows alone: where the only
 * rows of code seen one under the other are long lines' wrapped rows (set
 * closer than the step), a blank line between two statements keeps them in
 * one listing.
 */
import assert from "node:assert/strict";
import { wrappedRowsOnly } from "../../../lib/pdf/code_step.ts";
import { codeLine, line, markdown, pageOf } from "../../_support/laid_out_page.ts";

Deno.test("rows hanging under a wrapped line, or level under such a row, measure no step", () => {
  // As WeasyPrint sets pandoc's listings: wrapped rows 10.6 below, set in 42.5 pt, a third row level with the second.
  const wrapped = [{ dy: 10.6, dx: 42.5, x: 151.1 }, { dy: 10.6, dx: 0, x: 151.1 }];
  assert.ok(wrappedRowsOnly(wrapped, 10.6));
  // One new source line after a wrap (back to the edge) is too few to measure a step by.
  assert.ok(wrappedRowsOnly([...wrapped, { dy: 11.2, dx: -42.5, x: 108.6 }], 10.6));
  // Source lines one under the other at the usual distance measure it.
  const lines = [{ dy: 10.6, dx: 0, x: 108.6 }, { dy: 10.6, dx: 0, x: 108.6 }];
  assert.ok(!wrappedRowsOnly([...wrapped, ...lines], 10.6));
  // Three returns to the edge measure a step of their own.
  const back = { dy: 11.2, dx: -42.5, x: 108.6 };
  assert.ok(!wrappedRowsOnly([...wrapped, back, back, back], 10.6));
  assert.ok(!wrappedRowsOnly([], 10.6));
});

Deno.test("a listing of statements a blank line apart stays one, where its only close rows are a wrap's", () => {
  // Body 10.5 pt, 14.5 apart; code 8.5 pt, a step of 11.9 that no two rows show, wraps 10.6 apart.
  const body = (text: string, y: number) => {
    const set = line(text, 108, 480, y);
    return { ...set, size: 10.5, spans: set.spans.map((s) => ({ ...s, size: 10.5 })) };
  };
  const bodyLines = Array.from(
    { length: 6 },
    (_, i) => body(`Prose line ${i} of the introduction goes on here.`, 100 + i * 14.5),
  );
  const wrapped = [
    codeLine('dayjs().startOf("month").add(1, "day")', 108, 200, 8.5),
    codeLine('.format("YYYY");', 150.5, 210.6, 8.5),
  ];
  const listing = [0, 1, 2].map((i) => codeLine(`dayjs().step${i}(); // comment`, 108, 260 + i * 23.8, 8.5));
  const after = body("A paragraph after the listing.", 340);
  const md = markdown(
    pageOf([...bodyLines, ...wrapped, body("Between the listings.", 235), ...listing, after]),
  );
  const fences = md.match(/^```/gm) ?? [];
  assert.equal(fences.length, 4, md);
  assert.match(md, /step0\(\); \/\/ comment\n\ndayjs\(\)\.step1\(\); \/\/ comment\n\ndayjs\(\)\.step2/);
});
