/**
 * Request bodies read with a cap: the size is checked against
 * `Content-Length` first and again while the stream is read, so an oversized
 * upload is refused (413, naming the limit) without being held in memory.
 *
 * @module
 */
import { InvalidInputError, PayloadTooLargeError } from "../shared/errors.ts";

/**
 * Reads `request`'s body as bytes, refusing more than `maxBytes`. With a
 * `Content-Length`, the body is read straight into a buffer of that size (an
 * upload is not held twice, as pieces and joined); without one, the pieces are
 * joined at the end.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const stream = request.body;
  if (!stream) return new Uint8Array();
  if (Number.isInteger(declared) && declared >= 0) return await readDeclared(stream, declared);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return joined(chunks, size);
}

/** The first bytes of a body and the size of the whole. */
export interface BodyPrefix {
  /** At most the prefix asked for: the whole body when it is no longer. */
  prefix: Uint8Array<ArrayBuffer>;
  /** The size of the whole body, counted as it was read. */
  totalBytes: number;
}

/**
 * Reads `request`'s body, keeping only its first `prefixBytes`: the rest is
 * counted and let go as it arrives, so an upload checked before it is paid
 * for is not held (it is held once, when paid). The same refusals as
 * {@linkcode readBodyBytes}: 413 over `maxBytes`, declared or counted; 400
 * when the body does not match its `Content-Length`.
 */
export async function readBodyPrefix(
  request: Request,
  maxBytes: number,
  prefixBytes: number,
): Promise<BodyPrefix> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const stream = request.body;
  if (!stream) return { prefix: new Uint8Array(), totalBytes: 0 };
  const known = Number.isInteger(declared) && declared >= 0;
  let prefix = new Uint8Array(known ? Math.min(prefixBytes, declared) : prefixBytes);
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (known && total > declared) throw new InvalidInputError(mismatch(declared));
  };
  const reader = byobReader(stream);
  if (reader) {
    // The prefix, then the rest read into one scratch buffer again and again: nothing is left to collect.
    let scratch = new Uint8Array(SCRATCH_BYTES);
    while (true) {
      const into = total < prefix.length ? prefix.subarray(total) : scratch;
      const { value, done } = await reader.read(into);
      if (value) {
        if (into === scratch) scratch = new Uint8Array(value.buffer as ArrayBuffer);
        else prefix = new Uint8Array(value.buffer as ArrayBuffer);
        count(value.byteLength);
      }
      if (done) break;
    }
  } else {
    for await (const chunk of stream) {
      if (total < prefix.length) prefix.set(chunk.subarray(0, prefix.length - total), total);
      count(chunk.byteLength);
    }
  }
  if (known && total !== declared) throw new InvalidInputError(mismatch(declared));
  return { prefix: prefix.subarray(0, Math.min(total, prefix.length)), totalBytes: total };
}

/** The buffer the part of a body past its prefix is read into and let go from. */
const SCRATCH_BYTES = 64 * 1024;

/** A reader that fills the caller's buffers, when `stream` is a byte stream. */
function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | undefined {
  try {
    return stream.getReader({ mode: "byob" });
  } catch {
    return undefined;
  }
}

/**
 * Reads a body of `length` declared bytes into one buffer (400 when it is not
 * that long). A byte stream is read straight into it; any other stream piece
 * by piece.
 */
async function readDeclared(
  stream: ReadableStream<Uint8Array>,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = stream.getReader({ mode: "byob" });
  } catch {
    return await copyDeclared(stream, length);
  }
  let buffer = new ArrayBuffer(length);
  let offset = 0;
  while (offset < length) {
    const { value, done } = await reader.read(new Uint8Array(buffer, offset, length - offset));
    if (done || !value) throw new InvalidInputError(mismatch(length));
    buffer = value.buffer as ArrayBuffer;
    offset += value.byteLength;
  }
  const { done } = await reader.read(new Uint8Array(1));
  if (!done) throw new InvalidInputError(mismatch(length));
  return new Uint8Array(buffer);
}

/** Reads a body of `length` declared bytes piece by piece into one buffer. */
async function copyDeclared(
  stream: ReadableStream<Uint8Array>,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for await (const chunk of stream) {
    if (offset + chunk.byteLength > length) throw new InvalidInputError(mismatch(length));
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  if (offset !== length) throw new InvalidInputError(mismatch(length));
  return bytes;
}

function mismatch(length: number): string {
  return `Request body does not match its Content-Length of ${length} bytes`;
}

function joined(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a JSON object body of at most `maxBytes` (400 when missing, malformed or not an object). */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes.byteLength === 0) throw new InvalidInputError("Missing JSON body: send a JSON object");
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new InvalidInputError("Malformed JSON body: it could not be parsed");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidInputError("Invalid JSON body: expected an object");
  }
  return body as Record<string, unknown>;
}

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Request body too large: the limit is ${maxBytes} bytes`, {
    details: { limitBytes: maxBytes },
  });
}
