/**
 * Braces a typewriter face lacks, set inside a command shown in the text:
 * TeX prints `{\tt\string\begin\{table\}}` with its braces in another face,
 * and the command is one code span, not three.
 */
import assert from "node:assert/strict";
import { inlineMarkdown } from "../../../lib/pdf/inline.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";

const body: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };
const mono: FontStyle = { name: "Mono", bold: false, italic: false, monospace: true };

/** Spans laid one after the other from x = 72 (6 pt a character), `gap` points before each spaced one. */
function line(...parts: Array<[string, boolean, boolean?]>): Line {
  let x = 72;
  const spans: Span[] = parts.map(([text, code, spaced]) => {
    if (spaced) x += 4;
    const s: Span = { text, x, y: 100, width: text.length * 6, size: 12, font: code ? mono : body };
    x += s.width;
    return s;
  });
  return { spans, x0: 72, x1: x, y: 100, size: 12, page: 1 };
}

Deno.test("braces glued between code, and the brace closing it, are the code's; punctuation after stays prose", () => {
  const text = inlineMarkdown([
    line(
      ["start with", false],
      ["\\begin", true, true],
      ["{", false],
      ["longrotatetable", true],
      ["}", false],
      ["and the", false, true],
      ["\\replaced", true, true],
      ["{", false],
      ["<old", true],
      ["text>", true, true],
      ["}{", false],
      ["<new>", true],
      ["}.", false],
    ),
  ]);
  assert.equal(text, "start with `\\begin{longrotatetable}` and the `\\replaced{<old text>}{<new>}`.");
});

Deno.test("brackets in prose beside code, not glued to code on both sides or closing none of it, stay prose", () => {
  const text = inlineMarkdown([
    line(["run", false], ["make", true, true], ["(", false, true], ["twice", false], [")", false], [
      "x",
      true,
      true,
    ], [
      "}",
      false,
    ]),
  ]);
  assert.equal(text, "run `make` (twice) `x`}");
});
