/**
 * A hyphen at a line's end: a typesetter's in justified text, or wherever the
 * document writes the word whole; the word's own in ragged text that
 * hyphenates nothing, or wherever the document writes the compound whole.
 */
import assert from "node:assert/strict";
import { documentLexicon } from "../../../lib/pdf/lexicon.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";

const FONT = { name: "Serif", bold: false, italic: false, monospace: false };

/** A line of prose at `y`, from `x0` to `x1`. */
function line(text: string, y: number, x1: number, x0 = 72): Line {
  return { page: 1, y, x0, x1, size: 10, spans: [{ text, x: x0, y, width: x1 - x0, size: 10, font: FONT }] };
}

/** One page of the given lines. */
function page(lines: Line[]): PageText[] {
  return [{ page: 1, width: 612, height: 792, lines }];
}

Deno.test("justified lines that end together: a hyphen at a line's end is a typesetter's", () => {
  const keeps = documentLexicon(page([
    line("Always write forward-", 100, 540),
    line("slashes in patterns, and use backslashes only for escaping these", 112, 540),
    line("characters, since slashes separate the parts of every path on", 124, 540),
    line("all systems alike.", 136, 200),
  ])).keepsHyphen!;
  assert.equal(keeps("forward", "slashes"), false);
});

Deno.test("ragged lines: a compound broken at its hyphen keeps it where a half is a word used elsewhere", () => {
  const keeps = documentLexicon(page([
    line("Always write forward-", 100, 190),
    line("slashes in patterns, and use backslashes", 112, 290),
    line("only for escaping; slashes part a path.", 124, 268),
    line("A typesetter breaks motiva-", 136, 220),
    line("tion into syllables, not words.", 148, 250),
  ])).keepsHyphen!;
  assert.equal(keeps("forward", "slashes"), true);
  // Neither half is a word the document writes elsewhere: a typesetter's syllables.
  assert.equal(keeps("motiva", "tion"), false);
});

Deno.test("a document that writes a broken word whole elsewhere hyphenates: no break keeps its hyphen", () => {
  const keeps = documentLexicon(page([
    line("Always write forward-", 100, 190),
    line("slashes in patterns; the docu-", 112, 250),
    line("ment says so, and the document is short.", 124, 290),
  ])).keepsHyphen!;
  assert.equal(keeps("docu", "ment"), false);
  assert.equal(keeps("forward", "slashes"), false);
});

Deno.test("a compound the document writes whole keeps its hyphen, a word it writes whole loses it", () => {
  const keeps = documentLexicon(page([
    line("Use cross-env here, and the docu-", 100, 540),
    line("ment here; read the document and cross-", 112, 540),
    line("env notes again before you start anything.", 124, 540),
  ])).keepsHyphen!;
  assert.equal(keeps("cross", "env"), true);
  assert.equal(keeps("docu", "ment"), false);
});

Deno.test("a word broken alike on a justified page and a ragged one: the typesetter's hyphen, on both", () => {
  const justified = [
    line("Fusce aliquet augue sapien, non efficitur mi ornare sed. Morbi at dictum felis. Pellen-", 100, 540),
    line("tesque tortor lacus, semper et neque vitae, egestas commodo nisl, and more of the", 112, 540),
    line("same note set in a box, as a template repeats it for every kind of box it has.", 124, 540),
    line("Pellen and tesque.", 136, 200),
  ];
  // The same note on a page of its own: too few full lines to tell the page justified.
  const ragged = [
    line("Fusce aliquet augue sapien, non efficitur mi ornare sed. Morbi at dictum felis. Pellen-", 100, 540),
    line("tesque tortor lacus, semper et neque vitae, egestas commodo nisl.", 112, 400),
  ].map((l) => ({ ...l, page: 2 }));
  const keeps = documentLexicon([
    { page: 1, width: 612, height: 792, lines: justified },
    { page: 2, width: 612, height: 792, lines: ragged },
  ]).keepsHyphen!;
  assert.equal(keeps("Pellen", "tesque"), false);
});

Deno.test("a broken word that only code writes whole (an identifier) shows no typesetter hyphenating", () => {
  const code = { ...FONT, name: "Mono", monospace: true };
  const identifier = line("additionalProperties: false", 160, 240, 90);
  const keeps = documentLexicon(page([
    line("Draft 4 support requires the ajv-", 100, 250),
    line("draft-04 package, which ajv itself lists, and the additional-", 112, 380),
    line("properties keyword reads as follows:", 124, 290),
    { ...identifier, spans: identifier.spans.map((s) => ({ ...s, font: code })) },
  ])).keepsHyphen!;
  assert.equal(keeps("ajv", "draft"), true);
  // The identifier still says how the words join where they break.
  assert.equal(keeps("additional", "properties"), false);
});

Deno.test("prose ragged throughout: a compound broken at its hyphen keeps it, whatever its halves", () => {
  // Six full lines end apart and none together: nothing hyphenated to fill them, so the engine broke at the
  // text's own hyphen, though neither half is written elsewhere.
  const lines = [
    line("Given any schema, use parse to validate an input. If it is", 100, 380),
    line("valid, the library returns a strongly-", 112, 300),
    line("typed deep clone of the input that it was given to check,", 124, 370),
    line("and throws an error that lists each issue otherwise, so a", 136, 360),
    line("caller can print them or turn them into messages of its", 148, 350),
    line("own before it goes on with the rest of the work it had.", 160, 340),
    line("Read the guide.", 172, 160),
  ];
  assert.equal(documentLexicon(page(lines)).keepsHyphen!("strongly", "typed"), true);
  // Where a page ends its full lines together, the document is a typesetter's: the halves must be words.
  const justifiedToo: PageText[] = [...page(lines), {
    page: 2,
    width: 612,
    height: 792,
    lines: [100, 112, 124, 136].map((y) => ({
      ...line("a line of prose set full to the edge", y, 540),
      page: 2,
    })),
  }];
  assert.equal(documentLexicon(justifiedToo).keepsHyphen!("strongly", "typed"), false);
});

Deno.test("a document whose typesetter marks its hyphens (a soft hyphen) keeps an unmarked one, though justified", () => {
  const keeps = documentLexicon(page([
    line("Always write forward-", 100, 540),
    line("slashes in patterns, and use backslashes only for escaping these", 112, 540),
    line("characters, since slashes separate the parts of every path on docu\u00ad", 124, 540),
    line("ment pages and all systems alike.", 136, 200),
  ])).keepsHyphen!;
  assert.equal(keeps("forward", "slashes"), true);
});
