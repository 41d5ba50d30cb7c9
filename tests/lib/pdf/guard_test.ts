import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { UnprocessableError } from "../../../lib/shared/errors.ts";
import { createCostGuard, guardPdfJsSource } from "../../../lib/pdf/guard.ts";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";

const workerSource = () =>
  Deno.readTextFile(createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"));

Deno.test("guardPdfJsSource() splices every guard call into this pdf.js, once each", async () => {
  const source = await workerSource();
  const guarded = guardPdfJsSource(source);
  const calls = [...guarded.matchAll(/globalThis\.pdfCostGuard\?\.(\w+)\(/g)].map((m) => m[1]).sort();
  assert.deepEqual(calls, [
    "annotations",
    "cmapEntries",
    "cmapEntries",
    "operator",
    "save",
    "streamBytes",
    "streamBytes",
  ]);
  assert.ok(!guarded.includes("writer.write(bytes).catch"), "native inflate is fed in pieces");
  assert.ok(!guarded.includes("|| font.disableFontFace) {"), "no glyph outlines are built for drawing");
  assert.ok(
    guarded.includes("globalThis.pdfDropObjectCache = () => xref.deref()?.#cacheMap.clear();"),
    "object cache reachable",
  );
});

Deno.test("guardPdfJsSource() refuses a pdf.js it does not recognise instead of running unguarded", async () => {
  const source = (await workerSource()).replace("  ensureBuffer(requested) {\n", "  ensureBuffer(n) {\n");
  assert.throws(
    () => guardPdfJsSource(source),
    /Cannot guard pdf\.js: expected one "ensureBuffer\(requested\) \{"/,
  );
});

Deno.test("a cost guard remembers its first breach, stops every later hook and reports a 422", () => {
  const guard = createCostGuard({ ...DEFAULT_PDF_LIMITS, maxOperatorsPerPage: 3, maxSaveDepth: 2 });
  guard.save(1);
  for (let i = 0; i < 3; i++) guard.operator();
  guard.startPage();
  for (let i = 0; i < 3; i++) guard.operator();
  guard.check();
  assert.throws(() => guard.operator(), /more than 3 operators/);
  assert.throws(() => guard.save(0), /more than 3 operators/, "after a breach, every hook throws");
  assert.throws(() => guard.check(), (e: Error) => {
    assert.ok(e instanceof UnprocessableError);
    assert.equal(e.message, "PDF too costly to convert: a page draws with more than 3 operators");
    return true;
  });
});

Deno.test("a cost guard names each cap it enforces", () => {
  const cases: Array<[(g: ReturnType<typeof createCostGuard>) => void, RegExp]> = [
    [(g) => g.streamBytes(DEFAULT_PDF_LIMITS.maxStreamBytes + 1), /a stream decodes to more than 64 MB/],
    [(g) => g.save(DEFAULT_PDF_LIMITS.maxSaveDepth), /nested more than 256 deep/],
    [(g) => g.annotations(5001), /a page has 5001 annotations, more than 5000/],
    [
      (g) => g.cmapEntries(DEFAULT_PDF_LIMITS.maxCMapEntries + 1),
      /a character map has more than 262144 entries/,
    ],
  ];
  for (const [hook, message] of cases) {
    const guard = createCostGuard(DEFAULT_PDF_LIMITS);
    assert.throws(() => hook(guard), message);
    assert.match(guard.breach!, message);
  }
  const fine = createCostGuard(DEFAULT_PDF_LIMITS);
  fine.streamBytes(DEFAULT_PDF_LIMITS.maxStreamBytes);
  fine.annotations(5000);
  fine.check();
});
