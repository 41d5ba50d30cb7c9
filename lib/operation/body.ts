/**
 * Request bodies read with a cap: the size is checked against
 * `Content-Length` first and again while the stream is read, so an oversized
 * upload is refused (413, naming the limit) without being held in memory.
 *
 * @module
 */
import { InvalidInputError, PayloadTooLargeError } from "../shared/errors.ts";
import { eachPiece, scratchFor, WHOLE_BODY_BYTES } from "../shared/byte_pieces.ts";

/**
 * Reads `request`'s body as bytes, refusing more than `maxBytes`. With a
 * `Content-Length`, the body is copied into one buffer of that size as it
 * arrives (an upload is not held twice, as pieces and joined); without one,
 * it is gathered in blocks of {@linkcode BLOCK_BYTES} and joined at the end
 * (for a moment two copies: a chunked upload costs twice its size).
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (Number.isInteger(declared) && declared >= 0 && declared <= WHOLE_BODY_BYTES) {
    // A short body at once, without asking for its stream: a body made from bytes (as admission makes a
    // short one) is turned into a stream when asked for, then read back through it.
    const bytes = await request.bytes();
    if (bytes.byteLength === declared) return bytes;
    // No body at all (a GET that says a length) is an empty one, as below.
    if (bytes.byteLength === 0 && request.body === null) return bytes;
    throw new InvalidInputError(mismatch(declared));
  }
  const stream = request.body;
  if (!stream) return new Uint8Array();
  if (Number.isInteger(declared) && declared >= 0) {
    const bytes = new Uint8Array(declared);
    let offset = 0;
    await eachPiece(stream, (piece) => {
      if (offset + piece.byteLength > declared) throw new InvalidInputError(mismatch(declared));
      bytes.set(piece, offset);
      offset += piece.byteLength;
    }, scratchFor(declared));
    if (offset !== declared) throw new InvalidInputError(mismatch(declared));
    return bytes;
  }
  const blocks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  await eachPiece(stream, (piece) => {
    if (size + piece.byteLength > maxBytes) throw tooLarge(maxBytes);
    while (piece.byteLength) {
      const at = size % BLOCK_BYTES;
      if (at === 0) blocks.push(new Uint8Array(BLOCK_BYTES));
      const taken = Math.min(piece.byteLength, BLOCK_BYTES - at);
      blocks.at(-1)!.set(piece.subarray(0, taken), at);
      piece = piece.subarray(taken);
      size += taken;
    }
  });
  return joined(blocks, size);
}

/** What a body without a `Content-Length` is gathered in before it is joined. */
const BLOCK_BYTES = 1024 * 1024;

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
  const prefix = new Uint8Array(known ? Math.min(prefixBytes, declared) : prefixBytes);
  let total = 0;
  // The prefix is copied out; the rest is counted and let go with the scratch buffer it was read into.
  await eachPiece(stream, (piece) => {
    if (total < prefix.length) prefix.set(piece.subarray(0, prefix.length - total), total);
    total += piece.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (known && total > declared) throw new InvalidInputError(mismatch(declared));
  }, scratchFor(declared));
  if (known && total !== declared) throw new InvalidInputError(mismatch(declared));
  return { prefix: prefix.subarray(0, Math.min(total, prefix.length)), totalBytes: total };
}

function mismatch(length: number): string {
  return `Request body does not match its Content-Length of ${length} bytes`;
}

/** The first `size` bytes of `blocks`, in order, as one buffer. */
function joined(blocks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const block of blocks) {
    const part = block.subarray(0, size - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
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
