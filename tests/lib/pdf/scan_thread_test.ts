/**
 * PDF admission off the serving thread: a PDF whose price takes seconds of
 * inflating is priced on a thread of its own while this thread keeps serving
 * HTTP, its bytes handed over (this thread's view empty meanwhile) and back
 * unchanged; what is no PDF or too large is refused here, no thread
 * started; past the scans that may run at once a caller gets 503 with
 * `Retry-After`; a scan past its time budget is a 422 and one whose caller
 * left stops at once.
 */
import assert from "node:assert/strict";
import { admitPdf } from "../../../lib/pdf/admission.ts";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { createPdfScanner } from "../../../lib/pdf/scan_thread.ts";
import {
  InvalidInputError,
  PayloadTooLargeError,
  UnavailableError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../../../lib/shared/errors.ts";
import { slowToPricePdf } from "../../_support/hostile_pdf.ts";
import { textPdf } from "../../_support/synthetic_pdf.ts";

const LIMITS = { ...DEFAULT_PDF_LIMITS, maxCostBytes: Infinity };
/** Generous: the tests are about where the work runs and how it ends, not how fast a loaded machine is. */
const SLOW_SCAN = { concurrency: 1, timeBudgetMs: 120_000, heapMb: 256 };

Deno.test("a PDF whose price takes seconds is priced off this thread, which answers HTTP meanwhile", async () => {
  const pdf = await slowToPricePdf(12);
  const original = pdf.slice();
  const expected = await admitPdf(original, undefined, LIMITS);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () => new Response("ok"));
  try {
    const scanner = createPdfScanner(SLOW_SCAN);
    let settled = false;
    const admitting = scanner.admit(pdf, undefined, LIMITS).finally(() => settled = true);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
      assert.equal(await response.text(), "ok");
    }
    assert.equal(settled, false, "the three requests were answered while the scan ran");
    assert.equal(scanner.running, 1);
    const { price, bytes } = await admitting;
    assert.deepEqual(price, expected);
    assert.deepEqual(bytes, original);
    // Handed over and back, not copied: the view passed in was emptied when its buffer went.
    assert.equal(pdf.byteLength, 0);
    assert.equal(scanner.running, 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("past the scans that may run at once a caller is told to retry; a refusal comes back as it would here", async () => {
  const scanner = createPdfScanner(SLOW_SCAN);
  const first = scanner.admit(await slowToPricePdf(4), undefined, LIMITS);
  const small = textPdf([["Later"]]);
  const busy = await scanner.admit(small, undefined, LIMITS).catch((error) => error);
  assert.ok(busy instanceof UnavailableError, String(busy));
  assert.equal(busy.retryAfterSeconds, 1);
  assert.equal(small.byteLength > 0, true, "a refused upload keeps its bytes");
  await first;
  assert.equal((await scanner.admit(small, undefined, LIMITS)).price.pages, 1);
  // No PDF at all, or too large, is refused on this thread: nothing started, the bytes left where they are.
  const junk = new TextEncoder().encode("not a PDF at all");
  await assert.rejects(scanner.admit(junk, undefined, LIMITS), InvalidInputError);
  await assert.rejects(
    scanner.admit(textPdf([["Big"]]), undefined, { ...LIMITS, maxBytes: 10 }),
    PayloadTooLargeError,
  );
  assert.equal(junk.byteLength, 16);
  // The scan thread's refusal is the service's error, with its message.
  const tight = { ...DEFAULT_PDF_LIMITS, maxPages: 0 };
  await assert.rejects(scanner.admit(textPdf([["One"]]), undefined, tight), /Too many pages: 1 selected/);
});

Deno.test("a scan past its time budget is a 422; one whose caller left ends at once", async () => {
  const short = createPdfScanner({ ...SLOW_SCAN, timeBudgetMs: 200 });
  const late = await short.admit(await slowToPricePdf(12), undefined, LIMITS).catch((error) => error);
  assert.ok(late instanceof UnprocessableError, String(late));
  assert.match(late.message, /its scan ran past 0\.2 s/);
  assert.equal(short.running, 0);

  const scanner = createPdfScanner(SLOW_SCAN);
  const leaving = new AbortController();
  const admitting = scanner.admit(await slowToPricePdf(12), undefined, LIMITS, leaving.signal);
  leaving.abort();
  await assert.rejects(admitting, UpstreamTimeoutError);
  assert.equal(scanner.running, 0);
  // A caller already gone starts nothing.
  await assert.rejects(
    scanner.admit(textPdf([["x"]]), undefined, LIMITS, leaving.signal),
    UpstreamTimeoutError,
  );
});
