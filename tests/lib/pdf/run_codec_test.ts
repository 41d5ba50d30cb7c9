/**
 * The compact form runs of pages cross threads in: every run of the corpus
 * and the structure fixtures comes back exactly as extracted, optional fields and shared fonts included.
 */
import assert from "node:assert/strict";
import { planDocument } from "../../../lib/pdf/convert.ts";
import { createCostGuard, installCostGuard } from "../../../lib/pdf/guard.ts";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { openPdf } from "../../../lib/pdf/load.ts";
import { extractRun, type PageRun } from "../../../lib/pdf/page_run.ts";
import { decodeRun, decodeRunShifts, encodeRun } from "../../../lib/pdf/run_codec.ts";
import type { Span } from "../../../lib/pdf/types.ts";
import { CORPUS, pdfUrl } from "../../_support/pdf_corpus.ts";

/** Every page of `bytes`, extracted as one run the way a worker extracts it. */
async function extract(bytes: Uint8Array): Promise<PageRun> {
  const guard = createCostGuard(DEFAULT_PDF_LIMITS);
  installCostGuard(guard);
  const open = await openPdf(bytes, DEFAULT_PDF_LIMITS);
  try {
    const plan = await planDocument(open.doc, {}, DEFAULT_PDF_LIMITS, guard, { outline: false });
    return await extractRun(open.doc, plan.selected, { tagged: plan.tagged, guard, beforePage() {} });
  } finally {
    await open.close();
  }
}

/** `run` after a trip through the codec, decoded from a view at an odd offset of a larger buffer. */
function roundTrip(run: PageRun): PageRun {
  const encoded = new Uint8Array(encodeRun(run));
  const larger = new Uint8Array(encoded.length + 3);
  larger.set(encoded, 3);
  return decodeRun(larger.subarray(3));
}

/** The corpus PDFs and the structure fixtures. */
function documents(): URL[] {
  const structure = new URL("./fixtures/structure/", import.meta.url);
  return [
    ...CORPUS.flatMap((document) => document.engines.map((engine) => pdfUrl(document.name, engine))),
    ...[...Deno.readDirSync(structure)].filter((entry) => entry.name.endsWith(".pdf"))
      .map((entry) => new URL(entry.name, structure)),
  ];
}

Deno.test("every corpus and fixture document's run comes back from the codec exactly as extracted", async () => {
  const seen = { link: 0, tag: 0, shade: 0, bar: 0 };
  for (const url of documents()) {
    const run = await extract(await Deno.readFile(url));
    for (const span of run.pages.flatMap((page) => page.lines.flatMap((line) => line.spans))) {
      for (const field of Object.keys(seen) as (keyof typeof seen)[]) if (field in span) seen[field]++;
    }
    assert.deepStrictEqual(roundTrip(run), run, url.pathname);
  }
  for (const [field, count] of Object.entries(seen)) {
    assert.ok(count > 0, `no span of the corpus has ${field}`);
  }
});

Deno.test("the codec keeps any text and number exactly, and fonts and tags shared as they were", () => {
  const font = { name: "Mono", bold: false, italic: true, monospace: true };
  const tag = { block: 3, listItem: { id: 4, depth: 1 }, label: true };
  const texts = ["plain", "lone \ud800 surrogate", "pair 😀", "", 'é\u0000\n"quoted"'];
  const spans: Span[] = texts.map((text, i) => ({
    text,
    x: [-0, NaN, Infinity, 0.1 + 0.2, -1e-300][i]!,
    y: 1 / 3,
    width: 5,
    size: 9.5,
    font,
    ...(i % 2 ? { tag, shade: i } : { link: `https://example.com/${i % 3}`, bar: 0 }),
  }));
  const run: PageRun = {
    pages: [
      { page: 2, width: 612, height: 792, lines: [{ spans, x0: -0, x1: 600, y: 10, size: 9.5, page: 2 }] },
      { page: 3, width: 792, height: 612, lines: [], spacesRead: true, view: [0, 1, 1, 0, -0, 0] },
    ],
    pageCharacters: [{ page: 2, characters: 30 }, { page: 3, characters: 0 }],
    warnings: ["Page 3 has no text layer: scanned image or blank page, OCR not supported"],
    ids: 5,
  };
  const back = roundTrip(run);
  assert.deepStrictEqual(back, run);
  const [first, second] = back.pages[0]!.lines[0]!.spans;
  assert.ok(Object.is(first!.x, -0), "-0 stays -0");
  assert.equal(first!.font, second!.font, "one font object, as extraction shares it");
  assert.equal(second!.tag, back.pages[0]!.lines[0]!.spans[3]!.tag, "one tag object");
});

Deno.test("well-formed text comes back exactly, a leading byte-order mark and surrogate pairs included", () => {
  // A font's advances (`font_advances.ts`) go with it.
  const font = {
    name: "Serif",
    bold: false,
    italic: false,
    monospace: false,
    advances: { " ": 0.25, T: 0.611 },
  };
  const texts = ["\ufeffstarts with a byte-order mark", "pair 😀 and \ufeff inside", "ünïcödé", ""];
  const spans: Span[] = texts.map((text, i) => ({ text, x: i, y: 1, width: 5, size: 10, font }));
  const run: PageRun = {
    pages: [{
      page: 1,
      width: 612,
      height: 792,
      lines: [{ spans, x0: 0, x1: 600, y: 10, size: 10, page: 1 }],
    }],
    pageCharacters: [{ page: 1, characters: 60 }],
    warnings: [],
    ids: 0,
  };
  const back = roundTrip(run);
  assert.deepStrictEqual(back, run);
  assert.equal(back.pages[0]!.lines[0]!.spans[0]!.text.charCodeAt(0), 0xfeff, "the mark is kept as text");
});

Deno.test("a run's tree id shifts come back, and its header alone gives them with its pages", () => {
  const treeShift = {
    start: { treeIds: ["p4R_mc52", "p4R_mc53"], contentIds: ["p4R_mc0", "p4R_mc1"], shift: 52 },
    next: 54,
  };
  const run: PageRun = {
    pages: [{ page: 2, width: 612, height: 792, lines: [] }, { page: 3, width: 612, height: 792, lines: [] }],
    pageCharacters: [{ page: 2, characters: 0 }, { page: 3, characters: 0 }],
    warnings: [],
    ids: 3,
    treeShift,
  };
  assert.deepStrictEqual(roundTrip(run), run);
  assert.deepStrictEqual(decodeRunShifts(new Uint8Array(encodeRun(run))), {
    pageCharacters: run.pageCharacters,
    treeShift,
  });
  const { treeShift: _, ...untagged } = run;
  assert.deepStrictEqual(decodeRunShifts(new Uint8Array(encodeRun(untagged))), {
    pageCharacters: run.pageCharacters,
  });
});
