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
