/**
 * A listing a line under a short label, where paragraphs have no space
 * between them (AbiWord): the label had room for the listing's first word
 * measured to the page's right edge, so the listing is no inline code
 * wrapped from it, even when both the label and the listing's first row
 * are short.
 */
import assert from "node:assert/strict";
import {
  codeLine,
  LEADING,
  LEFT,
  line,
  markdown,
  pageOf,
  proseThenCode,
  RIGHT,
} from "../../_support/laid_out_page.ts";

Deno.test("a short listing row a prose step under a short label opens a listing of its own", () => {
  const prose = Array.from(
    { length: 5 },
    (_, i) =>
      line(`Prose line ${i} runs on to the right edge of the column here.`, LEFT, RIGHT, 100 + i * LEADING),
  );
  prose.push(line("The paragraph ends here.", LEFT, LEFT + 120, 100 + 5 * LEADING));
  const label = line("Output", LEFT, LEFT + 30, 100 + 6 * LEADING);
  // Code keeps a step of its own (11 pt) and stands one prose step (12 pt) under the label.
  const top = label.y + LEADING;
  const listing = ["foo(", "  reallyLongArg(),", "  omgSoManyParameters(),", ");"].map((text, i) =>
    codeLine(text, LEFT, top + i * 11)
  );
  const after = line("Prose after the listing.", LEFT, LEFT + 120, top + 3 * 11 + 2 * LEADING);
  const md = markdown(pageOf([...prose, label, ...listing, after]));
  assert.match(md, /\nOutput\n\n```\nfoo\(\n {2}reallyLongArg\(\),/, md);
});

Deno.test("a listing a prose step under a short line ending in inline code opens a listing of its own", () => {
  const prose = Array.from(
    { length: 5 },
    (_, i) =>
      line(`Prose line ${i} runs on to the right edge of the column here.`, LEFT, RIGHT, 100 + i * LEADING),
  );
  // `Default: 'localhost'`, then a listing whose first row is a comment: `//` would have fitted after the
  // label, so the row is no inline code wrapped from it.
  const label = proseThenCode("Default:", "'localhost'", LEFT, 100 + 5 * LEADING);
  const top = label.y + LEADING;
  const rows = ["// a comment opening the listing", "", "function a() {", "  return 1;", "}"];
  const listing = rows.flatMap((text, i) => text ? [codeLine(text, LEFT, top + i * 11)] : []);
  const after = line("Prose after the listing.", LEFT, LEFT + 120, top + 5 * 11 + LEADING);
  const md = markdown(pageOf([...prose, label, ...listing, after]));
  assert.match(md, /`'localhost'`\n\n```\n\/\/ a comment opening the listing\n\nfunction a\(\) \{/, md);
});
