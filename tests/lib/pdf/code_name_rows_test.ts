/**
 * A row of code naming an API between lines of prose with no space around
 * it (a heading made of inline code set at body size) is a paragraph, not a
 * one-row listing; a command or a statement in the same place stays one.
 */
import assert from "node:assert/strict";
import { codeLine, LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** The page's Markdown with `row` set in code between two paragraphs, a line's step from each. */
function between(row: string): string {
  return markdown(pageOf([
    line("Creates a thing, which the methods below start and stop as they are asked.", LEFT, RIGHT, 100),
    line("It ends here.", LEFT, 150, 100 + LEADING),
    codeLine(row, LEFT, 100 + 2 * LEADING),
    line("Starts the thing. Returns a promise.", LEFT, 260, 100 + 3 * LEADING),
  ]));
}

Deno.test("a row of code naming an API between lines of prose, with no space around it, is no listing", () => {
  for (const name of ["thing.start()", "thing.stop([force])", "options.timeout"]) {
    const out = between(name);
    assert.doesNotMatch(out, /```/, out);
    assert.match(out, new RegExp(`\`${name.replace(/[.()[\]]/g, "\\$&")}\``), out);
  }
});

Deno.test("a command or a statement in the same place stays a listing of one row", () => {
  for (const row of ["make", "npm install thing", "thing.start();", "{ start: true }"]) {
    const out = between(row);
    assert.ok(out.includes(`\`\`\`\n${row}\n\`\`\``), out);
  }
});
