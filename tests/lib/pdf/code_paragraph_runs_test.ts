/**
 * Quotes made only of inline code, one after another and each wrapped in a
 * narrow column, against a listing: fixture `code_paragraph_runs`
 * (two-column WeasyPrint, made from Markdown by
 * `deno task make:pdf-layout-fixtures`), converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** Our Markdown for the fixture. */
async function convert(): Promise<string> {
  const url = new URL("./fixtures/layout/code_paragraph_runs.weasyprint-columns.pdf", import.meta.url);
  return (await convertPdf(await Deno.readFile(url))).markdown;
}

Deno.test("paragraphs of inline code wrapped at prose's step, a paragraph's space apart, are no listing (two columns)", async () => {
  const out = await convert();
  const lines = out.split("\n");
  for (const command of ["npm install @lighthouse/lantern-keys", "deno add jsr:@lighthouse/lantern-keys"]) {
    assert.ok(lines.some((l) => l.replace(/^> /, "") === `\`${command}\``), `${command} missing:\n${out}`);
  }
  assert.ok(!out.includes("```\nnpm install"), out);
  // The listing after them, its rows at code's own step, stays a listing.
  assert.ok(
    out.includes('```\nimport { Board, walkRound } from "@lighthouse/lantern-keys";\n\nconst board'),
    out,
  );
});

Deno.test("a paragraph wholly of inline code, set in as a quote is, is a quote though set smaller than the body (two columns)", async () => {
  const out = await convert();
  for (const command of ["npm install @lighthouse/lantern-keys", "deno add jsr:@lighthouse/lantern-keys"]) {
    assert.ok(out.split("\n").includes(`> \`${command}\``), `${command} not quoted:\n${out}`);
  }
  // The paragraphs of prose at the column's edge around them are no quotes.
  assert.ok(out.includes("\nAdd the package to a project with any of these:\n"), out);
});
