/**
 * An icon set beside a box's text (LaTeX's `awesomebox`: a Font Awesome glyph
 * left of the note's rule, centred on its height) is dropped; a large glyph
 * in the text's flow (a chapter's number over its title) stays.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { dropSideIcons } from "../../../lib/pdf/side_icons.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { REAL_DOCUMENTS, realPdfUrl, realSourceUrl } from "../../_support/pdf_real_corpus.ts";

const FONT = { name: "Sans", bold: false, italic: false, monospace: false };

/** A line of `text` at `y`, from `x0` to `x1`, at `size`. */
function line(text: string, y: number, x0: number, x1: number, size = 10.9): Line {
  return { page: 1, y, x0, x1, size, spans: [{ text, x: x0, y, width: x1 - x0, size, font: FONT }] };
}

/** One page of lines. */
function page(lines: Line[]) {
  return [{ page: 1, width: 595, height: 842, lines }];
}

Deno.test("a large glyph left of a box's text, between two of its lines a line step apart, is dropped", () => {
  const text = [
    line(
      "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nam aliquet libero quis lectus",
      300,
      133,
      524,
    ),
    line("elementum fermentum.", 316.3, 133, 242),
  ];
  const icon = line("ò", 314.2, 86, 110, 24.8);
  const [out] = dropSideIcons(page([text[0]!, icon, text[1]!]));
  assert.deepEqual(out!.lines, text);
});

Deno.test("a large glyph in the text's flow, or with words, stays", () => {
  // A chapter's number over its title: the lines around it stand far apart.
  const number = [
    line("Text before.", 100, 71, 200),
    line("1", 160, 71, 90, 24.8),
    line("Intro", 200, 71, 150, 20),
  ];
  assert.deepEqual(dropSideIcons(page(number))[0]!.lines, number);
  // A word set large beside the text is no icon.
  const word = [
    line("Lorem ipsum dolor sit amet, consectetur", 300, 133, 524),
    line("Note", 314.2, 71, 120, 24.8),
    line("elementum fermentum.", 316.3, 133, 242),
  ];
  assert.deepEqual(dropSideIcons(page(word))[0]!.lines, word);
});

Deno.test("notes in boxes with an icon beside them (Eisvogel with awesomebox) keep the source's headings and words", async () => {
  const name = "eisvogel-awesomebox";
  assert.ok(!REAL_DOCUMENTS.find((d) => d.name === name)!.heldOut);
  const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
    limits: { timeBudgetMs: 300_000 },
  });
  const headings = (md: string) => md.split("\n").filter((l) => /^#{1,6} /.test(l));
  assert.deepEqual(headings(markdown), headings(await Deno.readTextFile(realSourceUrl(name))));
  // The typesetter's hyphen in the note every box repeats is gone, though no page writes the word whole.
  assert.ok(markdown.includes("Pellentesque tortor lacus"), markdown);
  assert.ok(!markdown.includes("Pellen-tesque"), markdown);
});
