/**
 * IEEEtran's two-column samples (journal and Computer Society) from the
 * real-world corpus' tuning part: the body is text though the notes at the
 * foot outnumber it (`foot_band.ts`); the photo frame in the right column and
 * the introduction in the left are two columns read in turn, not one table
 * (`flush_gutter.ts`), the notes after both; the authors' line is text
 * (`title_block.ts`); the headings set in small capitals by size are headings
 * at the top level (`small_caps.ts`); the bibliography's entry is an item
 * (`cited_entries.ts`); the journal's lettered subsection in italics is no
 * list item holding its text (`lettered_headings.ts`).
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

/** These tests check structure, not speed: a loaded machine must not cut a conversion short. */
const LIMITS = { timeBudgetMs: 300_000 };

for (
  const [name, appendix] of [["latex-tagged-ieeetran", "ACKNOWLEDGMENT"], [
    "latex-tagged-ieeetran-compsoc",
    "ACKNOWLEDGMENTS",
  ]]
) {
  Deno.test(`${name}: body, columns, front matter and small-capital headings`, async () => {
    const doc = REAL_DOCUMENTS.find((d) => d.name === name);
    assert.ok(doc && !doc.heldOut, `${name} is not a tuning document`);
    const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name!)), { limits: LIMITS });
    const lines = markdown.split("\n");
    const at = (line: string) => lines.indexOf(line);
    assert.ok(at("The conclusion goes here.") >= 0, "a body paragraph is a paragraph");
    assert.ok(at("Subsection text here.") >= 0, "a subsection's text is a paragraph, no item's");
    assert.ok(!lines.some((l) => l.startsWith("|")), "no table");
    assert.ok(
      lines.some((l) => /^Michael Shell, Member, IEEE, John Doe/.test(l)),
      "the authors' line is text",
    );
    for (const heading of [`# ${appendix}`, "# REFERENCES", "# APPENDIX B"]) {
      assert.ok(at(heading) >= 0, `${heading} in\n${markdown}`);
    }
    assert.ok(lines.some((l) => l.startsWith("- \\[1\\] H. Kopka")), "the bibliography's entry is an item");
    const biography = at("Michael Shell Biography text here.");
    assert.ok(biography > at("# REFERENCES"), "the right column after the left");
    assert.ok(
      lines.findIndex((l) => /Manuscript received April 19, 2005/.test(l)) > biography,
      "the notes last",
    );
  });
}
