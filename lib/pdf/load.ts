/**
 * Opens untrusted PDFs with pdf.js, in memory: pdf.js' own worker runs on the
 * calling thread (a pool worker in the service), no script is evaluated, no
 * font, CMap or WebAssembly file is fetched, and nothing is rendered. pdf.js'
 * worker module is loaded with the cost guard's checks spliced in (see
 * `guard.ts`). Size, password and corruption problems become the service's
 * errors.
 *
 * @module
 */
import { createRequire } from "node:module";
import type { PDFDocumentProxy, PDFWorker } from "pdfjs-dist/legacy/build/pdf.mjs";
import { InvalidInputError, PayloadTooLargeError } from "../errors.ts";
import { guardPdfJsSource } from "./guard.ts";

export type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/** An open document; call `close()` when done to free pdf.js' memory. */
export interface OpenPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

/** Limits checked while opening. */
export interface OpenLimits {
  /** Largest accepted file in bytes. */
  maxBytes: number;
}

/**
 * Refuses every request pdf.js makes for external data (standard fonts, CMaps,
 * WebAssembly decoders), so a document can never make it read a file. Text of
 * fonts that rely on such data is still extracted from the built-in metrics.
 */
class NoExternalData {
  /** pdf.js passes the configured URLs; none are used. */
  constructor(_options: unknown) {}

  /** Always refuses. */
  fetch({ kind }: { kind: string; filename: string }): Promise<Uint8Array> {
    return Promise.reject(new Error(`External ${kind} data is disabled`));
  }
}

/** A message listener as pdf.js registers it. */
type Listener = (this: DirectPort, event: { data: unknown }) => void;

/**
 * The channel between pdf.js' API and its worker when both run on this
 * thread. pdf.js' own in-process port deep-copies every message with
 * `structuredClone`; for text content, the bulk of what a conversion moves,
 * that copy costs about a fifth of the extraction time. The worker never
 * touches a text chunk's items after sending them (it starts new arrays), so
 * those chunks are handed over with a shallow copy; every other message is
 * still deep-copied. Delivery stays asynchronous, as pdf.js expects.
 */
class DirectPort {
  #listeners = new Set<Listener>();
  #queue = Promise.resolve();

  /** Delivers `data` to every listener on the next microtask. */
  postMessage(data: unknown, transfer?: Transferable[]) {
    const event = {
      data: isTextChunk(data) ? { ...data, chunk: { ...data.chunk } } : structuredClone(data, { transfer }),
    };
    this.#queue.then(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }

  /** Adds a `message` listener. */
  addEventListener(_type: string, listener: Listener) {
    this.#listeners.add(listener);
  }

  /** Removes a `message` listener. */
  removeEventListener(_type: string, listener: Listener) {
    this.#listeners.delete(listener);
  }

  /** Drops every listener. */
  terminate() {
    this.#listeners.clear();
  }
}

/** True for a stream message carrying a chunk of text content (`items` and `styles`). */
function isTextChunk(data: unknown): data is { chunk: { items: unknown[]; styles: object } } {
  const chunk = (data as { chunk?: { items?: unknown; styles?: unknown } } | null)?.chunk;
  return Array.isArray(chunk?.items) && typeof chunk?.styles === "object";
}

/** pdf.js' API and worker modules. */
type PdfJs = [
  typeof import("pdfjs-dist/legacy/build/pdf.mjs"),
  typeof import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
];
let pdfJs: Promise<PdfJs> | undefined;

/** Loads pdf.js on the first conversion, so a thread that converts nothing never pays its memory. */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= Promise.all([import("pdfjs-dist/legacy/build/pdf.mjs"), importGuardedWorker()]);
  return pdfJs;
}

/** Imports pdf.js' worker module with the cost guard spliced in, from memory. */
async function importGuardedWorker(): Promise<PdfJs[1]> {
  const path = createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const source = guardPdfJsSource(await Deno.readTextFile(path));
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Starts a pdf.js worker on this thread, talking over a {@linkcode DirectPort}. */
function inProcessWorker([api, worker]: PdfJs): PDFWorker {
  const port = new DirectPort();
  (worker as unknown as { WorkerMessageHandler: { initializeFromPort(port: unknown): void } })
    .WorkerMessageHandler.initializeFromPort(port);
  return new api.PDFWorker({ port: port as unknown as null, verbosity: 0 });
}

/** How many bytes from the start may precede the `%PDF-` header. */
const HEADER_WINDOW = 1024;

/** True when `%PDF-` appears near the start, as readers require. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, Math.min(bytes.length, HEADER_WINDOW + 5));
  const header = [0x25, 0x50, 0x44, 0x46, 0x2d];
  outer: for (let i = 0; i + header.length <= window.length; i++) {
    for (let j = 0; j < header.length; j++) {
      if (window[i + j] !== header[j]) continue outer;
    }
    return true;
  }
  return false;
}

/** Formats a byte count as MB with one decimal. */
function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Checks what can be checked without parsing: not empty, within the size cap,
 * and a `%PDF-` header near the start.
 *
 * @throws {PayloadTooLargeError} Over the size cap.
 * @throws {InvalidInputError} Empty or not a PDF.
 */
export function checkPdfBytes(bytes: Uint8Array, limits: OpenLimits): void {
  if (bytes.length === 0) throw new InvalidInputError("Empty PDF: the request carried no bytes");
  if (bytes.length > limits.maxBytes) {
    throw new PayloadTooLargeError(
      `PDF too large: ${megabytes(bytes.length)} is over the ${megabytes(limits.maxBytes)} limit`,
    );
  }
  if (!hasPdfHeader(bytes)) {
    throw new InvalidInputError('Not a PDF: the file does not start with "%PDF-"');
  }
}

/**
 * Opens a PDF held in memory. The caller's buffer is left intact.
 *
 * @param bytes The file.
 * @param limits Size cap.
 * @returns The open document.
 * @throws {PayloadTooLargeError} Over the size cap.
 * @throws {InvalidInputError} Empty, not a PDF, corrupt, or password-protected.
 */
export async function openPdf(bytes: Uint8Array, limits: OpenLimits): Promise<OpenPdf> {
  checkPdfBytes(bytes, limits);
  const pdfjs = await loadPdfJs();
  const { getDocument } = pdfjs[0];
  const worker = inProcessWorker(pdfjs);
  const task = getDocument(
    {
      data: bytes.slice(),
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
      BinaryDataFactory: NoExternalData,
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
