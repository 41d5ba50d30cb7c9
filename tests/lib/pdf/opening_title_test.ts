/**
 * A paper's title broken over two rows by hand, in a PDF with no outline
 * (IEEEtran's samples load no `hyperref`): one heading, not one per row
 * (`joinOpeningTitle` in `lib/pdf/title_block.ts`).
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

/** These tests check structure, not speed: a loaded machine must not cut a conversion short. */
const LIMITS = { timeBudgetMs: 300_000 };

for (
  const [name, title] of [
    ["latex-tagged-ieeetran", "Bare Demo of IEEEtran.cls for IEEE Journals"],
    [
      "latex-tagged-ieeetran-compsoc",
      "Bare Advanced Demo of IEEEtran.cls for IEEE Computer Society Journals",
    ],
  ]
) {
  Deno.test(`${name}: the title's two rows are one heading`, async () => {
    const doc = REAL_DOCUMENTS.find((d) => d.name === name);
    assert.ok(doc && !doc.heldOut, `${name} is not a tuning document`);
    const { markdown, outline } = await convertPdf(await Deno.readFile(realPdfUrl(name!)), {
      limits: LIMITS,
    });
    assert.equal(outline?.length ?? 0, 0, "the PDF has no outline");
    const headings = markdown.split("\n").filter((line) => /^#{1,6} /.test(line));
    assert.equal(headings[0], `# ${title}`);
    // The sections count from the top level too (`opening_title_block_test.ts`): no row of the title stands alone.
    const rows = headings.slice(1).filter((line) => title!.includes(line.replace(/^#+ /, "")));
    assert.deepEqual(rows, [], "no row of the title is a heading of its own");
  });
}
