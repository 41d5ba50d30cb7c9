/**
 * What converting a PDF will make pdf.js read, found before pdf.js sees it:
 * its pages, and the bytes it parses (objects, content streams, fonts)
 * apart from the image streams text extraction never decodes. Every stream
 * of a PDF is a top-level object, even where the objects themselves sit in
 * compressed object streams, so one pass over the file finds them all,
 * whatever its cross-reference table says: a table that lies, loops or is
 * missing (pdf.js then rebuilds it from the same objects) changes nothing
 * here, and nothing is followed, so a deep or looping page tree costs no
 * more than a flat one.
 *
 * Each stream's dictionary says what it is. An image's bytes are counted
 * only as bytes held; unless an object header hides in them (pdf.js reads
 * objects where the table points, and a table may point inside an image):
 * then they are read as the rest of the file is, and streams in them found. Every other stream counts by what it
 * decodes to: a Flate stream is inflated and only its length kept (a few
 * at a time, each stopped past the stream cap), a stream in another filter
 * counts four times its length. Object streams are inflated to read the
 * page tree's `/Count` where pdfTeX and others keep it. Images, which are
 * most of a slide deck or a scan, are never decoded.
 *
 * @module
 */
import { inflateSync } from "node:zlib";
import { findBytes, findLastBytes, isPdfSpace, keyword, latin1Text } from "./byte_search.ts";
import { greatest } from "./extremes.ts";
import { append } from "./append.ts";

/** What a conversion of the whole document will read. */
export interface PdfCostScan {
  /** Pages, from the page tree's largest `/Count` (or the page objects found). */
  pages: number;
  /** Bytes of image streams: held, never decoded. */
  imageBytes: number;
  /** Bytes of objects: those outside streams, and what object streams decode to. */
  objectBytes: number;
  /** What every other stream decodes to (content streams, forms, fonts, the cross-reference stream). */
  contentBytes: number;
}

/** Why a scan stopped: a stream decodes past the cap. */
export class StreamCapError extends Error {}

const STREAM = keyword("stream"), END_STREAM = keyword("endstream"), OBJ = keyword("obj");
const END = keyword("end");
/** Longest dictionary read before a stream; a longer one is read from its last part. */
const DICT_WINDOW = 64 * 1024;
/** A stream in a filter other than Flate counts this many times its length. */
const OTHER_FILTER_FACTOR = 4;
/**
 * What one synchronous inflate may make, in bytes; a stream that makes more
 * is inflated again piece by piece ({@linkcode inPieces}), so no step holds
 * the thread long.
 */
const WHOLE_INFLATE_BYTES = 1024 * 1024;
/** Longest stretch of scanning, in milliseconds, before other work on the thread may run. */
const SLICE_MS = 20;
/** Most decoded bytes of object streams searched for the page tree. */
const OBJECT_STREAM_TEXT = 64 * 1024 * 1024;

/** A stream found in the file: its dictionary's text, its data's range, and whether it is an image. */
interface StreamSpan {
  dict: string;
  start: number;
  end: number;
  image: boolean;
}

/**
 * Reads what a conversion of `bytes` will cost, or undefined when the file
 * shows no page tree to count (the caller prices it by its size instead).
 *
 * @param maxStreamBytes The most one stream may decode to (the cost guard's cap).
 * @throws {StreamCapError} A stream decodes to more than `maxStreamBytes`.
 */
export async function scanPdfCost(
  bytes: Uint8Array,
  maxStreamBytes: number,
): Promise<PdfCostScan | undefined> {
  let imageBytes = 0, streamBytes = 0, contentBytes = 0, pageObjects = 0, objectStreamText = 0;
  const counts: number[] = [];
  const readPageTree = (text: string) => {
    append(counts, pageTreeCounts(text));
    pageObjects += text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  };
  let outside = 0, slice = performance.now();
  for (const span of streamSpans(bytes)) {
    if (performance.now() - slice > SLICE_MS) {
      // Other requests on this thread run between slices of a long scan.
      await new Promise((resolve) => setTimeout(resolve, 0));
      slice = performance.now();
    }
    readPageTree(latin1Text(bytes, outside, span.start));
    outside = span.end;
    const data = bytes.subarray(span.start, span.end);
    streamBytes += data.length;
    if (span.image) {
      imageBytes += data.length;
      continue;
    }
    const filters = streamFilters(span.dict);
    if (filters.length === 0) contentBytes += data.length;
    else if (filters.join() !== "/FlateDecode") contentBytes += data.length * OTHER_FILTER_FACTOR;
    else if (/\/Type\s*\/ObjStm(?![A-Za-z])/.test(span.dict) && objectStreamText < OBJECT_STREAM_TEXT) {
      const text = inflatedText(data, maxStreamBytes);
      objectStreamText += Math.max(text.length, data.length);
      readPageTree(text);
    } else contentBytes += await inflatedLength(data, maxStreamBytes);
  }
  readPageTree(latin1Text(bytes, outside, bytes.length));
  const pages = counts.length ? greatest(counts) : pageObjects;
  if (pages <= 0) return undefined;
  return { pages, imageBytes, objectBytes: bytes.length - streamBytes + objectStreamText, contentBytes };
}

/** The filters a stream's dictionary names, in order (`/FlateDecode`, …). */
function streamFilters(dict: string): string[] {
  const filter = dict.match(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/)?.[1] ?? "";
  return filter.match(/\/[A-Za-z0-9]+/g) ?? [];
}

/** The `/Count` of every page tree node in `text` (a `/Count` with `/Kids` beside it). */
function pageTreeCounts(text: string): number[] {
  const counts: number[] = [];
  for (const match of text.matchAll(/\/Count\s+(\d{1,15})(?![\d.])/g)) {
    const around = text.slice(Math.max(0, match.index - 512), match.index + 512);
    if (around.includes("/Kids")) counts.push(Number(match[1]));
  }
  return counts;
}

/** Every stream of the file, in order. */
function* streamSpans(bytes: Uint8Array): Generator<StreamSpan> {
  let at = 0;
  for (let found = findBytes(bytes, STREAM, at); found >= 0; found = findBytes(bytes, STREAM, at)) {
    at = found + STREAM.length;
    const isEnd = found >= 3 && findBytes(bytes, END, found - 3, found) === found - 3;
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    if (isEnd || start === at) continue; // "endstream", or the word inside some text
    const objAt = findLastBytes(bytes, OBJ, Math.max(0, found - DICT_WINDOW), found);
    const dict = latin1Text(bytes, objAt >= 0 ? objAt : Math.max(0, found - DICT_WINDOW), found);
    const end = streamEnd(bytes, dict, start);
    const image = /\/Subtype\s*\/Image(?![A-Za-z])/.test(dict);
    // An image hiding an object is no image: its bytes are read as the file's, streams in them found.
    if (image && hidesObject(bytes.subarray(start, end))) continue;
    yield { dict, start, end, image };
    at = Math.max(end, start);
  }
}

/** Where a stream's data ends: at its direct `/Length` when `endstream` follows there, else at the next `endstream`. */
function streamEnd(bytes: Uint8Array, dict: string, start: number): number {
  const length = dict.match(/\/Length\s+(\d{1,15})(?!\s+\d+\s+R)(?![\d.])/);
  if (length) {
    const end = start + Number(length[1]);
    let after = end;
    while (after < bytes.length && after < end + 4 && isPdfSpace(bytes[after])) after++;
    if (end <= bytes.length && findBytes(bytes, END_STREAM, after, after + END_STREAM.length) === after) {
      return end;
    }
  }
  const next = findBytes(bytes, END_STREAM, start);
  return next < 0 ? bytes.length : next;
}

/** True when `data` holds an object header (`12 0 obj`), which a cross-reference table could point at. */
export function hidesObject(data: Uint8Array): boolean {
  for (let at = findBytes(data, OBJ, 0); at >= 0; at = findBytes(data, OBJ, at + 1)) {
    let k = at - 1;
    while (k >= 0 && isPdfSpace(data[k])) k--;
    const genEnd = k;
    while (k >= 0 && isDigit(data[k])) k--;
    if (k === genEnd || !isPdfSpace(data[k])) continue;
    while (k >= 0 && isPdfSpace(data[k])) k--;
    if (isDigit(data[k])) return true;
  }
  return false;
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/** An object stream's text, inflated (empty when it does not inflate). */
function inflatedText(data: Uint8Array, maxStreamBytes: number): string {
  try {
    const text = inflateSync(data, { maxOutputLength: maxStreamBytes });
    return latin1Text(text, 0, text.length);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new StreamCapError(`a stream decodes to more than ${mb(maxStreamBytes)}`);
    }
    return "";
  }
}

/**
 * What a Flate stream inflates to, in bytes, holding at most a small one's
 * output at a time; a stream that does not inflate counts as its length
 * (pdf.js reads what it can of it).
 *
 * @throws {StreamCapError} Past `maxStreamBytes`.
 */
async function inflatedLength(data: Uint8Array, maxStreamBytes: number): Promise<number> {
  if (data.length <= WHOLE_INFLATE_BYTES) {
    try {
      return inflateSync(data, { maxOutputLength: Math.min(maxStreamBytes, WHOLE_INFLATE_BYTES * 16) })
        .length;
    } catch (error) {
      if (!(error instanceof RangeError)) return data.length;
    }
  }
  let total = 0;
  try {
    const inflated = inPieces(data).pipeThrough(new DecompressionStream("deflate"));
    let slice = performance.now();
    for await (const chunk of inflated) {
      total += chunk.length;
      // A stream's pieces follow one another in microtasks: give timers and I/O their turn.
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        slice = performance.now();
      }
      if (total > maxStreamBytes) {
        throw new StreamCapError(`a stream decodes to more than ${mb(maxStreamBytes)}`);
      }
    }
  } catch (error) {
    if (error instanceof StreamCapError) throw error;
  }
  return Math.max(total, data.length);
}

/**
 * `data` as a stream of small pieces, each read when the inflater wants it: a
 * piece inflates to at most about a thousand times its size (1 MB), so
 * counting can stop past the cap before a bomb's output is made and other
 * work runs between pieces (given whole, the inflater makes all of it at
 * once, on this thread).
 */
function inPieces(data: Uint8Array, size = 1024): ReadableStream<Uint8Array<ArrayBuffer>> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= data.length) controller.close();
      else controller.enqueue(data.slice(at, at += size));
    },
  }, { highWaterMark: 0 });
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
