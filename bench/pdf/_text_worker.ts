/**
 * A worker thread of the bench's two-core limit: stock pdf.js text
 * extraction, set up as `_run_one.ts` sets it up on one thread, serving
 * pages in chunks. It loads pdf.js when it starts and answers `ready`; then
 * `{bytes}` (an `ArrayBuffer`) opens the document and answers its page
 * count, `{first, last}` extracts those pages (1-based, inclusive) and
 * `{close}` closes it, each answered `done`.
 *
 * @module
 */
import { parentPort } from "node:worker_threads";
import type { PDFDocumentLoadingTask } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A request from the bench. */
type Request = { bytes: ArrayBuffer } | { first: number; last: number } | { close: true };

const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
await import("pdfjs-dist/legacy/build/pdf.worker.mjs");

let task: PDFDocumentLoadingTask | undefined;

/** Serves one request; opening answers the page count. */
async function serve(request: Request): Promise<number | "done"> {
  if ("bytes" in request) {
    const options = {
      data: new Uint8Array(request.bytes),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    };
    task = getDocument(options as Parameters<typeof getDocument>[0]);
    return (await task.promise).numPages;
  } else if ("first" in request) {
    const doc = await task!.promise;
    for (let n = request.first; n <= request.last; n++) {
      const page = await doc.getPage(n);
      await page.getTextContent();
      page.cleanup();
    }
  } else {
    await task?.destroy();
    task = undefined;
  }
  return "done";
}

const port = parentPort!;
port.on("message", async (request: Request) => {
  port.postMessage(await serve(request));
});
port.postMessage("ready");
