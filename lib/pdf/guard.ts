/**
 * Caps on what a document may make pdf.js spend, checked inside pdf.js as the
 * cost is about to be paid: bytes a stream decodes to, saved graphics states
 * (`q`) open at once, operators read per page, annotations per page, entries
 * of a character map. pdf.js has no options for these, so its worker module
 * is loaded with a call to the guard spliced in at each of those places
 * ({@linkcode guardPdfJsSource}); the calls reach the guard installed for the
 * running conversion through a global, which is why a thread runs one
 * conversion at a time (each pool worker does; tests and benches on the main
 * thread run them one after another).
 *
 * One more change bounds memory rather than cost: pdf.js keeps only the
 * latest pages it opened instead of all of them. The edits to how pdf.js
 * extracts text (`text_edits.ts`) are applied with these.
 *
 * pdf.js catches and skips many errors on its own, so a breach is also
 * remembered: {@linkcode CostGuard.check} turns it into a 422 even when pdf.js
 * went on.
 *
 * @module
 */
import { UnprocessableError } from "../shared/errors.ts";
import type { CostLimits } from "./limits.ts";
import { SHAPE_HINT_CALL } from "./shape_hint.ts";
import { TEXT_EDITS } from "./text_edits.ts";
import { ROLE_EDIT } from "./struct_roles.ts";

/** Name of the global the spliced calls reach. */
const GLOBAL = "pdfCostGuard";

/** The hooks the patched pdf.js calls. */
export interface CostGuard {
  /** A stream's decode buffer is about to grow to `bytes`. */
  streamBytes(bytes: number): void;
  /** A `q` is about to open with `depth` states already saved. */
  save(depth: number): void;
  /** An operator was read. */
  operator(): void;
  /** A page lists `count` annotations. */
  annotations(count: number): void;
  /** A character map is about to hold `entries` entries. */
  cmapEntries(entries: number): void;
  /** Starts counting a new page's operators. */
  startPage(): void;
  /** Throws the first breach as a 422, if there was one. */
  check(): void;
  /** The first breach's message, if any. */
  readonly breach: string | undefined;
}

/** Formats bytes as MB without decimals. */
function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** Creates a guard for one conversion; {@linkcode installCostGuard} makes pdf.js use it. */
export function createCostGuard(limits: CostLimits): CostGuard {
  let breach: string | undefined;
  let operators = 0;
  const fail = (message: string): never => {
    breach ??= message;
    throw new Error(message);
  };
  // After a breach every hook throws, so pdf.js' fallbacks and retries end at once.
  const stopped = () => {
    if (breach !== undefined) throw new Error(breach);
  };
  return {
    streamBytes(bytes) {
      stopped();
      if (bytes > limits.maxStreamBytes) {
        fail(`a stream decodes to more than ${mb(limits.maxStreamBytes)}`);
      }
    },
    save(depth) {
      stopped();
      if (depth >= limits.maxSaveDepth) {
        fail(`graphics states are nested more than ${limits.maxSaveDepth} deep`);
      }
    },
    operator() {
      stopped();
      if (++operators > limits.maxOperatorsPerPage) {
        fail(`a page draws with more than ${limits.maxOperatorsPerPage} operators`);
      }
    },
    annotations(count) {
      stopped();
      if (count > limits.maxAnnotationsPerPage) {
        fail(`a page has ${count} annotations, more than ${limits.maxAnnotationsPerPage}`);
      }
    },
    cmapEntries(entries) {
      stopped();
      if (entries > limits.maxCMapEntries) {
        fail(`a character map has more than ${limits.maxCMapEntries} entries`);
      }
    },
    startPage() {
      operators = 0;
    },
    check() {
      if (breach !== undefined) {
        throw new UnprocessableError(`PDF too costly to convert: ${breach}`);
      }
    },
    get breach() {
      return breach;
    },
  };
}

/** Makes the patched pdf.js on this thread report to `guard` (until the next install). */
export function installCostGuard(guard: CostGuard): void {
  (globalThis as Record<string, unknown>)[GLOBAL] = guard;
}

/** A call to the installed guard, as spliced into pdf.js. */
function hook(call: string): string {
  return `globalThis.${GLOBAL}?.${call};`;
}

/**
 * pdf.js hands a native decompressor the whole compressed stream in one write,
 * and a native inflate of one write runs to the end on this thread, however
 * large the output (a 2 MB write can inflate to gigabytes). Writing small
 * pieces instead bounds each output chunk (deflate expands at most about
 * 1,032 times), so the guard sees the total grow and can stop it.
 */
const PIECEWISE_WRITE = `(async () => {
        for (let at = 0; at < bytes.length; at += 16384) await writer.write(bytes.subarray(at, at + 16384));
        await writer.close();
      })().catch(() => {});
`;

/**
 * pdf.js keeps every page it opened, with all its parsed annotations, until
 * the document closes: on a long document that is tens of megabytes no page
 * will need again (a conversion reads each page once, in order). Only the
 * latest few stay; one asked for again is simply opened again.
 */
const PAGE_CACHE = `    this.#pagePromises.set(pageIndex, promise);
    if (this.#pagePromises.size > 8) this.#pagePromises.delete(this.#pagePromises.keys().next().value);
    return promise;
`;

/** Text of pdf.js replaced outright: [exact text, replacement]. */
const REPLACEMENTS: ReadonlyArray<[before: string, after: string]> = [
  ["      writer.write(bytes).catch(() => {});\n      writer.close().catch(() => {});\n", PIECEWISE_WRITE],
  ["    this.#pagePromises.set(pageIndex, promise);\n    return promise;\n", PAGE_CACHE],
  ...TEXT_EDITS,
  ROLE_EDIT,
];

/** Name of the global that empties the latest document's object cache. */
const DROP_CACHE = "pdfDropObjectCache";

/**
 * Empties the cache of parsed objects of the document opened last on this
 * thread. pdf.js keeps every object it ever parsed until the document
 * closes; reading a long document's links and outline up front parses tens
 * of thousands (the R reference manual's link annotations and named
 * destinations: some 50 MB) that extracting its pages never reads again.
 * Objects still needed are parsed again when next asked for.
 */
export function dropObjectCache(): void {
  ((globalThis as Record<string, unknown>)[DROP_CACHE] as (() => void) | undefined)?.();
}

/** Where each guard call goes in pdf.js' worker module: after the exact text, once. */
const SPLICES: ReadonlyArray<[anchor: string, insert: string]> = [
  // DecodeStream.ensureBuffer, before growing a decode buffer (every filter decodes through it).
  ["  ensureBuffer(requested) {\n", hook("streamBytes(requested)")],
  // Native inflate (FlateDecode, Brotli), chunk by chunk.
  [
    "        chunks.push(chunk);\n        totalLength += chunk.byteLength;\n",
    hook("streamBytes(totalLength)"),
  ],
  // EvaluatorPreprocessor.preprocessCommand: `q` as text extraction and drawing both read it.
  [
    "    switch (fn | 0) {\n      case OPS.save:\n",
    hook("save(this.stateManager.stateStack.length)"),
  ],
  // EvaluatorPreprocessor.read, once an operator is complete; path operators also go to `shape_hint.ts`.
  ["        this.preprocessCommand(fn, args);\n", `${hook("operator()")}\n${SHAPE_HINT_CALL}`],
  // Page.annotations, before any annotation is parsed.
  [
    '    const annots = this.#getInheritableProperty("Annots");\n',
    hook("annotations(Array.isArray(annots) ? annots.length : 0)"),
  ],
  // XRef: lets {@linkcode dropObjectCache} empty the latest document's cache of parsed objects.
  // Held weakly: a closed document's objects (and file) must not stay alive until the next opens.
  [
    "  constructor(stream, pdfManager) {\n    this.stream = stream;\n    this.pdfManager = pdfManager;\n",
    `{ const xref = new WeakRef(this); globalThis.${DROP_CACHE} = () => xref.deref()?.#cacheMap.clear(); }`,
  ],
  // CMap: ranges are counted by pdf.js, single mappings are not.
  ["  #consumeBudget(count, name) {\n", hook("cmapEntries(this.#mappedEntries + count)")],
  [
    "      this.#map.set(low++, array[i++]);\n    }\n  }\n  mapOne(src, dst) {\n",
    hook("cmapEntries(++this.#mappedEntries)"),
  ],
];

/**
 * Splices the guard's calls into the source of pdf.js' worker module. Every
 * place is found in the original text and the result is joined once: the
 * source is 2.4 million characters, and rebuilding it after each change took
 * about half a second, paid by every worker as it starts.
 *
 * @throws {Error} When a place is not found exactly once (pdf.js changed).
 */
export function guardPdfJsSource(source: string): string {
  const find = (text: string) => {
    const at = source.indexOf(text);
    if (at < 0 || source.indexOf(text, at + 1) >= 0) {
      throw new Error(`Cannot guard pdf.js: expected one ${JSON.stringify(text.trim())}`);
    }
    return at;
  };
  /** Each edit: the range [from, to) of the source it replaces, and what goes there. */
  const edits = [
    ...REPLACEMENTS.map(([before, after]) => {
      const from = find(before);
      return { from, to: from + before.length, text: after };
    }),
    ...SPLICES.map(([anchor, insert]) => {
      const at = find(anchor) + anchor.length;
      return { from: at, to: at, text: insert + "\n" };
    }),
  ].sort((a, b) => a.from - b.from);
  const pieces: string[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.from < at) throw new Error("Cannot guard pdf.js: two changes overlap");
    pieces.push(source.slice(at, edit.from), edit.text);
    at = edit.to;
  }
  pieces.push(source.slice(at));
  return pieces.join("");
}
