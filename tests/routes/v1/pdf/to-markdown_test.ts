import assert from "node:assert/strict";
import operation from "../../../../routes/v1/pdf/to-markdown.ts";
import { createPdfService, type PdfService } from "../../../../lib/pdf/service.ts";
import { base64BodyCap, maxBodyBytesOf, type OperationContext } from "../../../../lib/operation/mod.ts";
import { loadConfig } from "../../../../lib/server/config/load.ts";
import { buildServices } from "../../../../lib/server/services.ts";
import { createSolanaClient } from "../../../../lib/solana/rpc.ts";
import { pdfUrl } from "../../../_support/pdf_corpus.ts";
import { deepOutlinePdf } from "../../../_support/hostile_text_pdf.ts";

/** A handler context with the given PDF service (no Solana calls are made). */
function context(
  pdf: PdfService = createPdfService(),
  signal = new AbortController().signal,
): OperationContext {
  const services = buildServices(loadConfig({}), createSolanaClient("http://127.0.0.1:9"));
  return { requestId: "test", signal, services: { ...services, pdf } };
}

const corpusPdf = (name: string) => Deno.readFile(pdfUrl(name, "chromium"));

Deno.test("pdf_to_markdown input accepts page selections and refuses malformed ones", () => {
  assert.equal(
    operation.input.safeParse({ pdf: "JVBERi0=", pages: "1-3,5", includePageBreaks: true }).success,
    true,
  );
  const bad = operation.input.safeParse({ pdf: "JVBERi0=", pages: "first" });
  assert.equal(bad.success, false);
  assert.match(bad.error!.issues[0]!.message, /like "1-3,5"/);
});

Deno.test("pdf_to_markdown handler returns output that matches its declared schema", async () => {
  const output = await operation.handler(
    { pdf: await corpusPdf("12_quarterly_report"), pages: "1", includePageBreaks: true },
    context(),
  );
  assert.deepEqual(operation.output.parse(output), output);
  assert.equal(output.pages, 2);
  assert.equal(output.title, "Quarterly Operations Report");
  assert.match(output.markdown, /^<!-- page 1 -->\n\n# Quarterly Operations Report\n/);
  assert.deepEqual(output.pageCharacters.map((p) => p.page), [1]);
});

Deno.test("pdf_to_markdown handler's answer says when part of the outline was left out", async () => {
  // The service converts in its pool's workers, which read the outline apart from the pages.
  const output = await operation.handler({ pdf: deepOutlinePdf(40) }, context());
  assert.deepEqual(operation.output.parse(output), output);
  assert.match(output.markdown, /^# Alpha title\n/);
  assert.equal(output.outline?.length, 32);
  assert.deepEqual(output.warnings, [
    "The outline nests deeper than 32 levels: its entries below that are left out",
  ]);
});

Deno.test("pdf_to_markdown handler answers 503 with Retry-After when its queue is full", async () => {
  const pdf = createPdfService({ concurrency: 1, queue: 0 });
  const bytes = await corpusPdf("04_long_prose");
  const running = operation.handler({ pdf: bytes }, context(pdf));
  await assert.rejects(operation.handler({ pdf: bytes }, context(pdf)), (error: Error) => {
    assert.equal(error.name, "UnavailableError");
    assert.equal((error as { retryAfterSeconds?: number }).retryAfterSeconds, 2);
    assert.match(error.message, /PDF conversion/);
    return true;
  });
  assert.match((await running).markdown, /^# Notes on Maintaining Long-Lived Software/);
  assert.deepEqual(pdf.gate.load, { running: 0, waiting: 0 });
});

Deno.test("pdf_to_markdown handler applies its service's limits and passes errors through", async () => {
  const small = createPdfService({ limits: { maxPages: 1 } });
  await assert.rejects(
    operation.handler({ pdf: await corpusPdf("12_quarterly_report") }, context(small)),
    (error: Error) =>
      error.name === "PayloadTooLargeError" && /the limit is 1 per request/.test(error.message),
  );
  await assert.rejects(
    operation.handler({ pdf: new TextEncoder().encode("plain text") }, context()),
    (error: Error) => error.name === "InvalidInputError" && /^Not a PDF/.test(error.message),
  );
});

Deno.test("pdf_to_markdown's body cap follows the configured PDF_MAX_BYTES", () => {
  const services = buildServices(
    loadConfig({ PDF_MAX_BYTES: "1048576" }),
    createSolanaClient("http://127.0.0.1:9"),
  );
  assert.equal(services.pdf.limits.maxBytes, 1048576);
  assert.equal(maxBodyBytesOf(operation, services), base64BodyCap(1048576));
  assert.ok(maxBodyBytesOf(operation, services) < maxBodyBytesOf(operation, context().services));
});
