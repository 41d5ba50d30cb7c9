import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { textPdf } from "../../_support/synthetic_pdf.ts";

Deno.test("convertPdf() reads a page holding one 200,000-character token in time linear in its length", async () => {
  // Each line-end pattern tried from every letter, a token that does not end its line (a full stop after
  // it) held the conversion for hours; read from where the runs start, it converts at once.
  const token = "a".repeat(200_000);
  const { markdown } = await convertPdf(textPdf([[`${token}.`, "and more"]]));
  assert.equal(markdown.trim(), `${token}. and more`);
});

Deno.test("convertPdf() reads a contents-like line of 100,000 dots in time linear in its length", async () => {
  // Read forward from each character of its title, the contents row held the conversion for minutes.
  const dots = ".".repeat(100_000);
  const { markdown } = await convertPdf(textPdf([[`Intro ${dots}x`, "and more"]]));
  assert.ok(markdown.includes(`Intro ${dots}x`), markdown.slice(0, 80));
  assert.ok(markdown.trim().endsWith("and more"));
});
