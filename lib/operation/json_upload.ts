/**
 * A JSON body whose one large field is a file in base64, read without
 * holding it as text: the base64 is decoded as it arrives into one buffer
 * (sized from `Content-Length`), and only the other fields are parsed as
 * JSON. Read whole, the same body would be held as bytes, as their text, as
 * the parsed string and as the decoded file (5 times the file) before the
 * first byte of work.
 *
 * The field is found among the body's first bytes (where a client writes the
 * options beside it) and proved a top-level key by parsing what precedes it;
 * a body that does not have it there is read whole and parsed as before.
 * Escapes JSON allows in a base64 string (`\/`, and `\n`, `\r`, `\t`, which
 * base64 ignores as it ignores those characters) are taken; any other is
 * refused as invalid base64, as is a mix of the standard and URL-safe
 * alphabets.
 *
 * @module
 */
import { InvalidInputError, PayloadTooLargeError } from "../shared/errors.ts";
import { eachPiece, scratchFor } from "../shared/byte_pieces.ts";
import { Base64Sink, DECODE_CHARS } from "./base64_sink.ts";

/** A JSON body read by {@linkcode readJsonUpload}. */
export interface JsonUpload {
  /** The other fields, parsed; with the file's field as its base64 string when it was not streamed. */
  body: Record<string, unknown>;
  /** The file, decoded as it arrived: at most the bytes asked to be kept (`undefined` when not streamed). */
  bytes?: Uint8Array<ArrayBuffer>;
  /** The decoded file's whole size (when streamed). */
  totalBytes?: number;
}

/**
 * What to allocate to keep `keepBytes` of the file: whole decoded pieces, so
 * that the pieces that fit fill at least `keepBytes`.
 */
function keptCapacity(keepBytes: number): number {
  const piece = DECODE_CHARS / 4 * 3;
  return Number.isFinite(keepBytes) ? Math.ceil(keepBytes / piece) * piece : Infinity;
}

/** How far into the body the file's field is looked for. */
const HEAD_SEARCH_BYTES = 64 * 1024;

/**
 * Reads the JSON object body of `request` (at most `maxBytes`; 413 over it,
 * 400 when missing, malformed or not an object), decoding the base64 string
 * of its top-level `field` as it arrives. At most `keepBytes` of the decoded
 * file are kept (the rest checked and counted, then let go).
 */
export async function readJsonUpload(
  request: Request,
  maxBytes: number,
  field: string,
  keepBytes = Infinity,
): Promise<JsonUpload> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const known = Number.isInteger(declared) && declared >= 0;
  const head = growable(known ? Math.min(declared, HEAD_SEARCH_BYTES) : 4096);
  const tail = growable(256);
  let value: Base64Sink | undefined;
  let total = 0;
  let searched = 0;
  if (request.body) {
    await eachPiece(request.body, (piece) => {
      total += piece.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      if (value) return tail.push(value.done ? piece : value.push(piece), maxBytes);
      head.push(piece, maxBytes);
      if (searched >= HEAD_SEARCH_BYTES) return;
      const found = findField(head.bytes(), field);
      searched = head.length;
      if (!found) return;
      const rest = head.bytes().slice(found.valueAt);
      head.truncate(found.keyAt);
      const bound = known ? Math.ceil((declared - found.valueAt) * 3 / 4) : 1024 * 1024;
      value = new Base64Sink(field, Math.min(bound, keptCapacity(keepBytes)), keepBytes);
      tail.push(value.push(rest), maxBytes);
    }, scratchFor(declared));
  }
  if (known && total !== declared) {
    throw new InvalidInputError(`Request body does not match its Content-Length of ${declared} bytes`);
  }
  if (total === 0) throw new InvalidInputError("Missing JSON body: send a JSON object");
  if (!value) return { body: parseObject(new TextDecoder().decode(head.bytes())) };
  if (!value.done) throw malformed();
  const marker = `\u0000${crypto.randomUUID()}`;
  const decoder = new TextDecoder();
  const body = parseObject(
    decoder.decode(head.bytes()) + `${JSON.stringify(field)}:${JSON.stringify(marker)}` +
      decoder.decode(tail.bytes()),
  );
  if (body[field] !== marker) {
    throw new InvalidInputError(`Invalid input: "${field}" is given more than once`);
  }
  delete body[field];
  const { bytes, totalBytes } = value.finish();
  return { body, bytes, totalBytes };
}

/**
 * Where the string value of top-level `field` starts in `head` (just past its
 * opening quote), and where its key starts: the first place the key is found
 * whose preceding text parses as the start of the object.
 */
function findField(head: Uint8Array, field: string): { keyAt: number; valueAt: number } | undefined {
  const text = new TextDecoder("latin1").decode(head);
  const pattern = new RegExp(`${escapeRegExp(JSON.stringify(field))}\\s*:\\s*"`, "g");
  for (const match of text.matchAll(pattern)) {
    const before = text.slice(0, match.index);
    try {
      const probe = JSON.parse(`${before}${JSON.stringify(field)}:0}`);
      if (probe?.[field] === 0 && !Array.isArray(probe)) {
        return { keyAt: match.index, valueAt: match.index + match[0].length };
      }
    } catch {
      // Not where a key of the object goes (inside a string, or a nested object): look further.
    }
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A buffer that grows as pieces are added, up to `maxBytes`. */
function growable(capacity: number) {
  let buffer = new Uint8Array(Math.max(capacity, 16));
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(piece: Uint8Array, maxBytes: number) {
      if (length + piece.length > buffer.length) {
        const grown = new Uint8Array(Math.min(maxBytes, Math.max(length + piece.length, buffer.length * 2)));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(piece, length);
      length += piece.length;
    },
    truncate(to: number) {
      length = Math.min(length, to);
    },
    bytes: () => buffer.subarray(0, length),
  };
}

function parseObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed();
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidInputError("Invalid JSON body: expected an object");
  }
  return body as Record<string, unknown>;
}

function malformed(): InvalidInputError {
  return new InvalidInputError("Malformed JSON body: it could not be parsed");
}

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Request body too large: the limit is ${maxBytes} bytes`, {
    details: { limitBytes: maxBytes },
  });
}
