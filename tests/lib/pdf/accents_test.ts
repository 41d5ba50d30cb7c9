/**
 * Accents TeX draws over a letter: the accent ends one run, and the next run,
 * opening with the letter, starts left of that run's end. They are composed
 * (`Hébrard`, `Prša`, `171Å`), and a ring standing far over its letter no
 * longer parts the line. An accent the next run does not overlap stays.
 */
import assert from "node:assert/strict";
import { buildLines } from "../../../lib/pdf/layout.ts";
import type { FontStyle, Span } from "../../../lib/pdf/types.ts";

const roman: FontStyle = { name: "CMR9", bold: false, italic: false, monospace: false };

/** A run at `x`, `width` wide, on baseline 100 at 9 points. */
function run(text: string, x: number, width: number): Span {
  return { text, x, y: 100, width, size: 9, font: roman };
}

/** The text of each line `buildLines` makes of `spans`, its runs joined. */
function lineTexts(spans: Span[]): string[] {
  return buildLines(spans, 1).map((l) => l.spans.map((s) => s.text).join("|"));
}

Deno.test("an accent ending a run that the next run overlaps is composed with that run's first letter", () => {
  assert.deepEqual(lineTexts([run("&", 200.1, 7.2), run("H´", 210.4, 11.3), run("ebrard,", 217.3, 28.7)]), [
    "&|H|ébrard,",
  ]);
  assert.deepEqual(lineTexts([run("Prˇ", 320.6, 14), run("sa,", 330.5, 10.8)]), ["Pr|ša,"]);
});

Deno.test("a ring standing far over its letter is composed, and the line is not parted there", () => {
  const spans = [run("AIA", 293.3, 17.1), run("131˚", 313.8, 20.7), run("A(c),", 327.6, 20.7)];
  assert.deepEqual(lineTexts(spans), ["AIA|131|Å(c),"]);
});

Deno.test("an accent the next run does not overlap, or one before no letter, stays as it is", () => {
  assert.deepEqual(lineTexts([run("don´", 100, 20), run("t", 122, 3)]), ["don´|t"]);
  assert.deepEqual(lineTexts([run("x´", 100, 8), run("(1)", 106, 12)]), ["x´|(1)"]);
});

Deno.test("a grave accent's character ending a run that the next merely follows (rounding apart) stays", () => {
  const mono: FontStyle = { name: "DejaVuSansMono", bold: false, italic: false, monospace: true };
  // A listing's backtick ending one highlighted run; the next run's x, written to a hundredth, falls short of its end.
  const spans: Span[] = [
    { text: "now=`", x: 105.42, y: 100, width: 27.09, size: 9, font: mono },
    { text: "date`", x: 132.5, y: 100, width: 27.09, size: 9, font: mono },
  ];
  assert.deepEqual(lineTexts(spans), ["now=`|date`"]);
});
