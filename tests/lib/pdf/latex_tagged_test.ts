/**
 * PDFs tagged by LaTeX's tagging code in its paragraph-only phase (TeX Live
 * 2022), set by pdfTeX and by LuaTeX from one Markdown guide
 * (`fixtures/latex_tagged/guide.md`, written by
 * `bench/pdf/make_latex_tagged_fixtures.ts`) and converted with real pdf.js:
 * the tree tags each paragraph, heading and list item as a `P`, so the
 * headings come from typography and the outline, run-in ones included, the
 * quotes from their indent, and the items from their markers, whether the marker opens the `P` (pdfTeX) or
 * stands before it as an artifact (LuaTeX). pdfTeX names every
 * marked-content property list in the page's resources.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { openPdf } from "../../../lib/pdf/load.ts";
import { keepLabelMarkers } from "../../../lib/pdf/artifact_markers.ts";
import type { Span } from "../../../lib/pdf/types.ts";
import { REAL_DOCUMENTS, realPdfUrl, realSourceUrl } from "../../_support/pdf_real_corpus.ts";

const FIXTURES = new URL("./fixtures/latex_tagged/", import.meta.url);

/** A fixture: the guide set by `engine`. */
function guide(engine: "lualatex" | "pdflatex"): Promise<Uint8Array> {
  return Deno.readFile(new URL(`guide.${engine}.pdf`, FIXTURES));
}

const HEADINGS = [
  "# Field guide",
  "## Setting up",
  "### From a package",
  "#### Settings file",
  "### From the sources",
  "## Running",
  "### Reports",
];

Deno.test("pdfTeX's named marked-content property lists keep their ids for the structure tree", async () => {
  const { doc, close } = await openPdf(await guide("pdflatex"), { maxBytes: 10_000_000 });
  try {
    const page = await doc.getPage(1);
    const content = await page.getTextContent({ includeMarkedContent: true });
    const items = content.items as unknown as Array<{ type?: string; tag?: string; id?: string | null }>;
    const marks = items.filter((i) => i.type === "beginMarkedContentProps");
    const paragraphs = marks.filter((m) => m.tag !== "Artifact");
    assert.ok(paragraphs.length > 10, `${paragraphs.length} marked sequences`);
    assert.ok(
      paragraphs.every((m) => typeof m.id === "string" && /_mc\d+$/.test(m.id)),
      JSON.stringify(paragraphs),
    );
  } finally {
    await close();
  }
});

for (const engine of ["pdflatex", "lualatex"] as const) {
  Deno.test(`${engine}: a tree of paragraphs only leaves headings, quotes and list items to typography`, async () => {
    const { markdown } = await convertPdf(await guide(engine));
    assert.deepEqual(markdown.split("\n").filter((l) => l.startsWith("#")), HEADINGS);
    // The run-in heading is split from the paragraph it opens.
    assert.ok(markdown.includes("#### Settings file\n\nThe settings file names"), markdown);
    assert.ok(
      markdown.includes(
        "- Create the input folder and copy the first batch into it.\n" +
          "- Create the output folder; the sorter fills it.\n" +
          "- Check that both folders can be written by the account that runs the sorter, " +
          "which is not always the account that created them.\n",
      ),
      markdown,
    );
    assert.ok(markdown.includes("1. Fetch the sources of the release you want.\n2. Build them"), markdown);
    assert.ok(!markdown.includes("•"), markdown);
    // The tree tags the quote a paragraph like any other: its indent tells it.
    assert.ok(markdown.includes("\n> A file the sorter moved is never changed"), markdown);
    assert.ok(markdown.includes("\nThe sorter reads every file"), markdown);
  });
}

/** A span of `text` at `x` on baseline `y`, tagged when `tagged`. */
function span(text: string, x: number, y: number, tagged: boolean): Span {
  const font = { name: "Helvetica", bold: false, italic: false, monospace: false };
  const s: Span = { text, x, y, width: text.length * 5, size: 10, font };
  if (tagged) s.tag = { block: 1, paragraph: true };
  return s;
}

Deno.test("an artifact marker stays only as the label of tagged text just right of it", () => {
  const item = span("•", 72, 100, false), itemText = span("Create the folder.", 84, 100, true);
  const head = span("•", 200, 20, false), headText = span("draft", 212, 20, false);
  const far = span("•", 72, 300, false), farText = span("Far off", 300, 300, true);
  const spans = [item, itemText, head, headText, far, farText];
  const kept = keepLabelMarkers(spans, new Set([item, head, far]));
  assert.deepEqual(kept, [item, itemText, headText, farText]);
});

/** The heading levels of some Markdown, in order (`#` lines outside code fences). */
function headingLevels(markdown: string): number[] {
  let fenced = false;
  const levels: number[] = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const hashes = /^(#{1,6}) /.exec(line);
    if (!fenced && hashes) levels.push(hashes[1]!.length);
  }
  return levels;
}

Deno.test("a tree of paragraphs only leaves the levels to the outline: fd's README set by pdfTeX", async () => {
  const name = "pdflatex-tagged-fd";
  assert.ok(REAL_DOCUMENTS.some((d) => d.name === name && !d.heldOut), `${name} is a tuning document`);
  const { markdown } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
    limits: { timeBudgetMs: 300_000 },
  });
  const reference = await Deno.readTextFile(realSourceUrl(name));
  assert.deepEqual(headingLevels(markdown), headingLevels(reference));
});
