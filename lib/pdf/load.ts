/**
 * Opens untrusted PDFs with pdf.js, in memory: pdf.js' own worker runs on the
 * calling thread (a pool worker in the service), no script is evaluated, no
 * font or WebAssembly file is fetched (only the CMaps pdf.js ships, by name:
 * `packaged_cmaps.ts`), and nothing is rendered. pdf.js'
 * worker module is loaded with the cost guard's checks spliced in (see
 * `guard.ts`). Size, password and corruption problems become the service's
 * errors.
 *
 * @module
 */
import { createRequire } from "node:module";
import type { PDFDocumentProxy, PDFWorker } from "pdfjs-dist/legacy/build/pdf.mjs";
import { InvalidInputError } from "../shared/errors.ts";
import { checkPdfBytes, type OpenLimits } from "./check.ts";
import { DirectPort } from "./direct_port.ts";
import { guardPdfJsSource } from "./guard.ts";
import { installShapeHint } from "./shape_hint.ts";
import { installStructRoles } from "./struct_roles.ts";
import { PackagedCMapsOnly } from "./packaged_cmaps.ts";

export type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
export type { OpenLimits };

/** An open document; call `close()` when done to free pdf.js' memory. */
export interface OpenPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

/** pdf.js' API and worker modules. */
type PdfJs = [
  typeof import("pdfjs-dist/legacy/build/pdf.mjs"),
  typeof import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
];
let pdfJs: Promise<PdfJs> | undefined;

/**
 * Loads pdf.js on the first conversion (or {@linkcode preloadPdfJs}), so a
 * thread that converts nothing never pays its memory.
 */
function loadPdfJs(): Promise<PdfJs> {
  installShapeHint();
  installStructRoles();
  pdfJs ??= Promise.all([import("pdfjs-dist/legacy/build/pdf.mjs"), importGuardedWorker()]);
  return pdfJs;
}

/**
 * Loads pdf.js now rather than with the first document, so a thread made
 * ready ahead of its work (a pool worker warmed between conversions) opens
 * that document without compiling pdf.js first.
 */
export async function preloadPdfJs(): Promise<void> {
  await loadPdfJs();
}

/** The worker module's one export statement, which {@linkcode moduleAsFunction} turns into a return. */
const WORKER_EXPORT = "export { WorkerMessageHandler };";

/**
 * The worker module's source as the body of a function returning its export.
 * The module reads `import.meta.url` only to locate WebAssembly decoders,
 * which are disabled here ({@linkcode openPdf} passes `useWasm: false`), so
 * it reads nothing.
 *
 * @throws {Error} When the module does not end with the one export expected (pdf.js changed).
 */
export function moduleAsFunction(source: string): string {
  const at = source.lastIndexOf(WORKER_EXPORT);
  if (at < 0 || source.indexOf(WORKER_EXPORT) !== at) {
    throw new Error(`Cannot load pdf.js: expected one ${JSON.stringify(WORKER_EXPORT)}`);
  }
  const body = source.slice(0, at) + "return { WorkerMessageHandler };" +
    source.slice(at + WORKER_EXPORT.length);
  return `"use strict";\n${body.replaceAll("import.meta.url", "undefined")}`;
}

/**
 * Loads pdf.js' worker module with the cost guard spliced in, from memory.
 * It is compiled as a function rather than imported from a `blob:` URL:
 * Deno analyses every module it imports from outside npm packages, and for
 * this 2.4 MB one that analysis left about 55 MB of resident memory behind
 * in every thread that converts; a function is handed to V8 alone. The
 * source is pdf.js' own, as installed; no document text is ever evaluated.
 */
async function importGuardedWorker(): Promise<PdfJs[1]> {
  const path = createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const source = moduleAsFunction(guardPdfJsSource(await Deno.readTextFile(path)));
  return new Function(source)() as PdfJs[1];
}

/** Starts a pdf.js worker on this thread, talking over a {@linkcode DirectPort}. */
function inProcessWorker([api, worker]: PdfJs): PDFWorker {
  const port = new DirectPort();
  (worker as unknown as { WorkerMessageHandler: { initializeFromPort(port: unknown): void } })
    .WorkerMessageHandler.initializeFromPort(port);
  return new api.PDFWorker({ port: port as unknown as null, verbosity: 0 });
}

/**
 * Opens a PDF held in memory. The caller's buffer is left intact, unless
 * `handOver` gives it to pdf.js: then a file that fills its whole buffer is
 * moved, not copied (pdf.js keeps the one copy it parses from, and the
 * caller's view is left empty), which a pool worker does with the file it
 * was sent.
 *
 * @param bytes The file.
 * @param limits Size cap.
 * @param handOver Let pdf.js take `bytes` rather than a copy of them.
 * @returns The open document.
 * @throws {PayloadTooLargeError} Over the size cap.
 * @throws {InvalidInputError} Empty, not a PDF, corrupt, or password-protected.
 */
export async function openPdf(bytes: Uint8Array, limits: OpenLimits, handOver = false): Promise<OpenPdf> {
  checkPdfBytes(bytes, limits);
  const pdfjs = await loadPdfJs();
  const { getDocument } = pdfjs[0];
  const worker = inProcessWorker(pdfjs);
  const task = getDocument(
    {
      data: handOver && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice(),
      worker,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      fontExtraProperties: true,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      useWasm: false,
      maxImageSize: 0,
      enableXfa: false,
      stopAtErrors: false,
      verbosity: 0,
      BinaryDataFactory: PackagedCMapsOnly,
    } as Parameters<typeof getDocument>[0],
  );
  const close = async () => {
    await task.destroy().catch(() => {});
    worker.destroy();
  };
  try {
    const doc = await task.promise;
    return { doc, close };
  } catch (error) {
    await close();
    throw loadError(error);
  }
}

/** Maps a pdf.js loading failure to the error model. */
function loadError(error: unknown): Error {
  const name = (error as { name?: string })?.name;
  if (name === "PasswordException") {
    return new InvalidInputError("PDF is password-protected: remove the password and try again", {
      cause: error,
    });
  }
  const reason = (error as { message?: string })?.message?.replace(/\.$/, "") ?? "unknown error";
  return new InvalidInputError(`Corrupt PDF: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`, {
    cause: error,
  });
}
